import { ABOUT_STATS, APP_NAME } from '@wavecast/shared';
import { Lightbulb, Sparkles, Users } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { CtaBanner } from '../components/CtaBanner';
import { FeatureGrid } from '../components/FeatureGrid';
import { Hero } from '../components/Hero';
import { Section } from '../components/Section';

const VALUES = [
  {
    icon: Lightbulb,
    title: 'Innovation',
    text: 'We build the tools creators wish they had: broadcasting from a browser tab, instant late joins, waveforms and chapters on every track.',
  },
  {
    icon: Users,
    title: 'Community',
    text: 'Listeners and creators meet in comments and live chat. We design for conversation, fair discovery and respect.',
  },
  {
    icon: Sparkles,
    title: 'Quality',
    text: 'Every upload is transcoded for smooth streaming and loudness-matched, so your audio sounds the way you made it.',
  },
];

const TEAM = [
  {
    name: 'Maya Okafor',
    role: 'Co-founder & CEO',
    bio: 'Former radio producer who wanted live shows to be as easy as a phone call.',
  },
  {
    name: 'Daniel Reyes',
    role: 'Co-founder & CTO',
    bio: 'Streaming engineer focused on low-latency audio and reliable infrastructure.',
  },
  {
    name: 'Priya Natarajan',
    role: 'Head of Creator Success',
    bio: 'Helps podcasters, musicians and educators grow their audience.',
  },
  {
    name: 'Tom Lindqvist',
    role: 'Head of Trust & Safety',
    bio: 'Keeps the community safe and our guidelines fair and clear.',
  },
];

const initials = (name: string) =>
  name
    .split(' ')
    .map((p) => p[0])
    .join('');

/** /about: who we are, in numbers, words and people. */
export default function AboutPage() {
  return (
    <div className="mx-auto max-w-6xl">
      <Hero
        eyebrow="Where every voice finds its audience"
        title={`About ${APP_NAME}`}
        lead={`${APP_NAME} is an audio platform for live broadcasts, music, podcasts and audiobooks. Creators upload or go live from the browser; listeners discover, follow and talk with them in real time.`}
      />

      <section aria-label="Wavecast in numbers" className="mt-10">
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {ABOUT_STATS.map((s) => (
            <div
              key={s.label}
              className="flex flex-col rounded-[var(--radius-card)] border border-border bg-surface p-5 text-center"
            >
              <dt className="order-2 text-sm text-muted">{s.label}</dt>
              <dd className="text-3xl font-bold text-primary sm:text-4xl">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Section id="mission" title="Our mission">
        <div className="max-w-3xl space-y-4 text-muted">
          <p>
            Audio is the most personal medium there is: a voice in your ear on the commute, a set that keeps you going,
            a story that puts you to sleep. Our mission is to give everyone who makes audio a home where it sounds
            great, reaches the right listeners and pays off — and to give listeners one place for all of it.
          </p>
          <p>
            That means no setup to go live, honest play counts, fair discovery for new voices, and privacy settings that
            are actually enforced.
          </p>
        </div>
      </Section>

      <Section id="values" title="Our values">
        <FeatureGrid features={VALUES} />
      </Section>

      <Section id="team" title="Meet the team">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {TEAM.map((m) => (
            <li key={m.name} className="rounded-[var(--radius-card)] border border-border bg-surface p-5 text-center">
              <span
                aria-hidden
                className="mx-auto grid size-16 place-items-center rounded-full bg-gradient-to-br from-primary to-live text-xl font-bold text-white"
              >
                {initials(m.name)}
              </span>
              <h3 className="mt-4 font-semibold">{m.name}</h3>
              <p className="text-sm text-primary">{m.role}</p>
              <p className="mt-2 text-sm text-muted">{m.bio}</p>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBanner
        id="about-contact"
        title="Get in touch"
        text="Questions, partnerships or press? We would love to hear from you."
      >
        <ButtonLink to="/support/contact" size="lg">
          Contact Us
        </ButtonLink>
      </CtaBanner>
    </div>
  );
}

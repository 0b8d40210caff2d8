import {
  ArrowRight,
  AudioLines,
  Headphones,
  Megaphone,
  MessageSquare,
  Mic,
  Radio,
  Search,
  Share2,
  Upload,
} from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/Button';
import { RevenueShare } from '../../earnings/components/RevenueShare';
import { CtaBanner } from '../components/CtaBanner';
import { FaqList } from '../components/Faq';
import { FeatureGrid } from '../components/FeatureGrid';
import { Hero } from '../components/Hero';
import { Section } from '../components/Section';

const ROLES = [
  {
    to: '/how-it-works/stream-hosts',
    icon: Mic,
    title: 'For Stream Hosts',
    text: 'Go live from your browser, upload episodes and tracks, and grow an audience that follows you.',
  },
  {
    to: '/how-it-works/listeners',
    icon: Headphones,
    title: 'For Listeners',
    text: 'Discover music, podcasts and live shows, build playlists and chat with creators while they are on air.',
  },
  {
    to: '/how-it-works/affiliates',
    icon: Share2,
    title: 'For Affiliates',
    text: 'Share your referral link and earn commission on every creator and listener you bring.',
  },
  {
    to: '/how-it-works/advertisers',
    icon: Megaphone,
    title: 'For Advertisers',
    text: 'Reach engaged listeners with audio, display and sponsored content campaigns.',
  },
];

const FEATURES = [
  {
    icon: Radio,
    title: 'Live from the browser',
    text: 'No software or studio: allow the microphone, press Go Live and listeners hear you within a second.',
  },
  {
    icon: Upload,
    title: 'Uploads that just work',
    text: 'MP3, WAV, M4A, FLAC, AAC or Ogg up to 100 MB, transcoded for smooth streaming on every device.',
  },
  {
    icon: AudioLines,
    title: 'Waveforms and chapters',
    text: 'Every track gets a waveform; long episodes get chapter markers listeners can jump between.',
  },
  {
    icon: Search,
    title: 'Real discovery',
    text: 'Search that forgives typos, categories, and charts built from honest play counts.',
  },
  {
    icon: MessageSquare,
    title: 'Live chat and comments',
    text: 'Talk with your audience during a broadcast and keep the conversation going on every track.',
  },
  {
    icon: Headphones,
    title: 'A player that follows you',
    text: 'Queue, playlists and resume where you stopped, on your phone or your desktop.',
  },
];

const FAQ = [
  {
    question: 'Is Wavecast free to use?',
    answer:
      'Yes. Listening is free, and creators can upload and go live on the free plan. Paid plans add unlimited live hours, HD audio and more — see Pricing.',
  },
  {
    question: 'Do I need special equipment to go live?',
    answer:
      'No. A browser and a microphone are enough: a headset or USB microphone sounds best. Echo cancellation and noise suppression are switched on for you.',
  },
  {
    question: 'Can I switch from listener to creator later?',
    answer:
      'Yes. Sign up as a listener and switch your account to creator in Settings whenever you are ready to publish.',
  },
  {
    question: 'How do affiliates get paid?',
    answer:
      'Affiliates earn a commission on the referrals they bring through their link and are paid out once their balance reaches the minimum payout.',
  },
];

/** /how-it-works: the four ways to use Wavecast, what it does, and common questions. */
export default function HowItWorksPage() {
  return (
    <div className="mx-auto max-w-6xl">
      <Hero
        eyebrow="One platform for everyone who loves audio"
        title="How It Works"
        lead="Whether you broadcast, listen, promote or advertise, here is how Wavecast works for you."
      >
        <ButtonLink to="/signup" size="lg">
          Sign Up Now
        </ButtonLink>
        <ButtonLink to="/explore" size="lg" variant="outline">
          Explore
        </ButtonLink>
      </Hero>

      <Section id="roles" title="Choose your path">
        <ul className="grid gap-4 sm:grid-cols-2">
          {ROLES.map(({ to, icon: Icon, title, text }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-5 hover:border-primary"
              >
                <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-primary/15 text-primary">
                  <Icon className="size-6" aria-hidden />
                </span>
                <div>
                  <h3 className="flex items-center gap-2 font-semibold">
                    {title}
                    <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden />
                  </h3>
                  <p className="mt-1 text-sm text-muted">{text}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="creator-earnings" title="How creators are paid">
        <RevenueShare />
      </Section>

      <Section id="features" title="Key features">
        <FeatureGrid features={FEATURES} />
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <FaqList entries={FAQ} />
      </Section>

      <CtaBanner id="how-signup" title="Ready to start?" text="Create a free account in under a minute.">
        <ButtonLink to="/signup" size="lg">
          Sign Up Now
        </ButtonLink>
      </CtaBanner>
    </div>
  );
}

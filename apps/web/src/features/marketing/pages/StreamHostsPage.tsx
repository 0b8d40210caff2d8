import { MARKETING_HOST_PLANS } from '@wavecast/shared';
import { BarChart3, Disc3, MessageSquare, Mic, Radio, Upload } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { CtaBanner } from '../components/CtaBanner';
import { FeatureGrid } from '../components/FeatureGrid';
import { Hero } from '../components/Hero';
import { PlanCard, PlanGrid } from '../components/PlanCard';
import { Section } from '../components/Section';
import { Steps } from '../components/Steps';

const BENEFITS = [
  {
    icon: Radio,
    title: 'Go live in seconds',
    text: 'Broadcast straight from your browser with echo cancellation, noise suppression and a live level meter.',
  },
  {
    icon: MessageSquare,
    title: 'Talk with your audience',
    text: 'Live chat, viewer counts and comments keep your listeners part of the show.',
  },
  {
    icon: Disc3,
    title: 'Every show is recorded',
    text: 'When you end a stream it becomes a draft track you can publish with one click.',
  },
  {
    icon: Upload,
    title: 'Upload anything audio',
    text: 'Music, podcasts, audiobooks and lessons up to 100 MB, with covers, tags and chapters.',
  },
  {
    icon: BarChart3,
    title: 'Know your numbers',
    text: 'Plays, followers and live listeners on your creator dashboard, counted honestly.',
  },
  {
    icon: Mic,
    title: 'Sound your best',
    text: 'Uploads are loudness-matched and transcoded so they play smoothly on every device.',
  },
];

const STEPS = [
  {
    title: 'Create a creator account',
    text: 'Sign up and choose Creator, or switch your listener account in Settings.',
  },
  { title: 'Set up your profile', text: 'Add a display name, bio, website and avatar so listeners know who you are.' },
  {
    title: 'Upload or go live',
    text: 'Publish a track from Upload, or open Go Live, allow the microphone and start broadcasting.',
  },
  {
    title: 'Grow your audience',
    text: 'Share your profile, reply in chat and comments, and watch your followers grow.',
  },
];

/** /how-it-works/stream-hosts: the creator's pitch, with the marketing reading of host plans. */
export default function StreamHostsPage() {
  return (
    <div className="mx-auto max-w-6xl">
      <Hero
        eyebrow="How It Works"
        title="For Stream Hosts"
        lead="Broadcast live, publish on demand and build a loyal audience — all from your browser."
      >
        <ButtonLink to="/signup" size="lg">
          Start Streaming
        </ButtonLink>
        <ButtonLink to="/explore" size="lg" variant="outline">
          See Live Shows
        </ButtonLink>
      </Hero>

      <Section id="benefits" title="Why host on Wavecast">
        <FeatureGrid features={BENEFITS} />
      </Section>

      <Section id="getting-started" title="Getting started">
        <Steps steps={STEPS} />
      </Section>

      <Section id="host-plans" title="Host plans" intro="Start free and upgrade when your show grows.">
        <PlanGrid>
          {MARKETING_HOST_PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} cta={{ label: 'Get Started', to: '/signup' }} />
          ))}
        </PlanGrid>
      </Section>

      <CtaBanner
        id="hosts-cta"
        title="Your audience is waiting"
        text="Create your free creator account and go live today."
      >
        <ButtonLink to="/signup" size="lg">
          Sign Up Now
        </ButtonLink>
      </CtaBanner>
    </div>
  );
}

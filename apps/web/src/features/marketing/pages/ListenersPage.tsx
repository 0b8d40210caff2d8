import { Bell, Compass, Heart, ListMusic, MessageSquare, Radio } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { CtaBanner } from '../components/CtaBanner';
import { FeatureGrid } from '../components/FeatureGrid';
import { Hero } from '../components/Hero';
import { Section } from '../components/Section';
import { Steps } from '../components/Steps';

const FEATURES = [
  {
    icon: Compass,
    title: 'Discover',
    text: 'Browse music, podcasts, audiobooks, educational and meditation audio, or search across everything.',
  },
  {
    icon: Radio,
    title: 'Listen live',
    text: 'Join live shows as they happen, with less than a second of delay, and chat with the host.',
  },
  {
    icon: ListMusic,
    title: 'Playlists and queue',
    text: 'Queue up what is next, build playlists and pick up long episodes where you stopped.',
  },
  {
    icon: Heart,
    title: 'Your library',
    text: 'Liked songs, playlists, followed creators and recently played, on every device you sign in on.',
  },
  { icon: Bell, title: 'Never miss a show', text: 'Follow creators and get notified when they upload or go live.' },
  {
    icon: MessageSquare,
    title: 'Join the conversation',
    text: 'Comment on tracks — even at a moment of the waveform — and talk in live chat.',
  },
];

const STEPS = [
  { title: 'Explore for free', text: 'Start listening right away — no account needed to play public tracks.' },
  { title: 'Create an account', text: 'Sign up to like tracks, follow creators and build playlists.' },
  { title: 'Follow creators', text: 'Follow the voices you love and get notified when they go live.' },
  { title: 'Make it yours', text: 'Organise your library, and choose who sees your profile in Settings.' },
];

/** /how-it-works/listeners */
export default function ListenersPage() {
  return (
    <div className="mx-auto max-w-6xl">
      <Hero
        eyebrow="How It Works"
        title="For Listeners"
        lead="Music, podcasts, audiobooks and live shows from creators around the world — in one player."
      >
        <ButtonLink to="/explore" size="lg">
          Start Listening
        </ButtonLink>
        <ButtonLink to="/signup" size="lg" variant="outline">
          Create Free Account
        </ButtonLink>
      </Hero>

      <Section id="features" title="Everything you need to listen">
        <FeatureGrid features={FEATURES} />
      </Section>

      <Section id="getting-started" title="Getting started">
        <Steps steps={STEPS} />
      </Section>

      <CtaBanner id="listeners-cta" title="Press play" text="Thousands of hours of audio are one click away.">
        <ButtonLink to="/explore" size="lg">
          Explore Now
        </ButtonLink>
        <ButtonLink to="/signup" size="lg" variant="outline">
          Sign Up Now
        </ButtonLink>
      </CtaBanner>
    </div>
  );
}

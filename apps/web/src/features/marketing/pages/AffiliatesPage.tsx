import { MARKETING_AFFILIATE_MIN_PAYOUT, MARKETING_AFFILIATE_TIERS } from '@wavecast/shared';
import { BarChart3, Link2, Wallet } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { CtaBanner } from '../components/CtaBanner';
import { FeatureGrid } from '../components/FeatureGrid';
import { Hero } from '../components/Hero';
import { Section } from '../components/Section';
import { Steps } from '../components/Steps';
import { TierCard } from '../components/TierCard';

const TOP_COMMISSION = MARKETING_AFFILIATE_TIERS[MARKETING_AFFILIATE_TIERS.length - 1].commission;

const FEATURES = [
  {
    icon: Link2,
    title: 'Your own referral link',
    text: 'Every affiliate gets a personal link of the form /ref/your-id to share anywhere.',
  },
  {
    icon: BarChart3,
    title: 'Transparent tracking',
    text: 'See referrals, active referrals and earnings on your affiliate dashboard.',
  },
  {
    icon: Wallet,
    title: 'Reliable payouts',
    text: `Withdraw your commission once your balance reaches the ${MARKETING_AFFILIATE_MIN_PAYOUT} minimum payout.`,
  },
];

const STEPS = [
  { title: 'Join the program', text: 'Create an account and apply to become an affiliate.' },
  { title: 'Share your link', text: 'Copy your referral link from the dashboard and share it with your audience.' },
  { title: 'People sign up', text: 'Every listener or creator who joins through your link counts as your referral.' },
  { title: 'Earn commission', text: 'Earn on your active referrals and move up the tiers as you grow.' },
];

/** /how-it-works/affiliates: the marketing reading of the affiliate tiers. */
export default function AffiliatesPage() {
  return (
    <div className="mx-auto max-w-6xl">
      <Hero
        eyebrow="How It Works"
        title="For Affiliates"
        lead={`Earn up to ${TOP_COMMISSION} commission by bringing creators and listeners to Wavecast.`}
      >
        <ButtonLink to="/signup" size="lg">
          Become an Affiliate
        </ButtonLink>
        <ButtonLink to="/explore" size="lg" variant="outline">
          Explore Wavecast
        </ButtonLink>
      </Hero>

      <Section id="program" title="How the program works">
        <Steps steps={STEPS} />
      </Section>

      <Section
        id="tiers"
        title="Commission tiers"
        intro={`The more active referrals you have, the more you earn. Minimum payout: ${MARKETING_AFFILIATE_MIN_PAYOUT}.`}
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {MARKETING_AFFILIATE_TIERS.map((tier) => (
            <TierCard key={tier.id} tier={tier} />
          ))}
        </ul>
      </Section>

      <Section id="tools" title="Tools for affiliates">
        <FeatureGrid features={FEATURES} />
      </Section>

      <CtaBanner
        id="affiliates-cta"
        title="Start earning today"
        text="Sign up, share your link and watch your referrals grow."
      >
        <ButtonLink to="/signup" size="lg">
          Sign Up Now
        </ButtonLink>
      </CtaBanner>
    </div>
  );
}

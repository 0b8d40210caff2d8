import {
  AFFILIATE_RULES,
  AFFILIATE_TIERS,
  MARKETING_AFFILIATE_MIN_PAYOUT,
  MARKETING_AFFILIATE_TIERS,
  PAYOUT_SCHEDULE_LABELS,
  PAYOUT_SCHEDULES,
} from '@wavecast/shared';
import { BarChart3, Link2, Wallet } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { ApplyAffiliateForm } from '../../affiliates/components/ApplyAffiliateForm';
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

const pct = (bps: number) => `${bps / 100}%`;
const RULES = [
  `Your link is /ref/your-id. A visit sets a first-party cookie for ${AFFILIATE_RULES.cookieDays} days; the last link clicked wins. Add ?c=tag to tell your campaigns apart.`,
  `A sign-up (e-mail or Google/GitHub) inside those ${AFFILIATE_RULES.cookieDays} days is your referral. Referring yourself does not count, and many sign-ups from one address are reviewed.`,
  `You earn on every paid invoice of a referred account during its first ${AFFILIATE_RULES.commissionMonths} months of paid subscription, at your tier when the invoice is booked: ${AFFILIATE_TIERS.map((t) => `${t.name} ${pct(t.rateBps)}${t.minActive ? ` (${t.minActive}+ active referrals)` : ' (new)'}`).join(', ')}. Amounts are rounded to the cent, half up (15% of $9.99 is $1.50).`,
  'An active referral is a referred account that pays now. Tiers are recomputed daily and apply to invoices from then on.',
  `A commission is pending for ${AFFILIATE_RULES.refundWindowDays} days (the refund window), then payable; a refund takes it back with a reversing entry. Nothing is ever deleted.`,
  `Payouts go out ${PAYOUT_SCHEDULES.map((s) => PAYOUT_SCHEDULE_LABELS[s].toLowerCase()).join(', ')} (your choice) by PayPal or bank transfer, once your payable balance is at least $${AFFILIATE_RULES.minPayoutCents / 100}.`,
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

      <Section
        id="rules"
        title="The rules in force"
        intro="The tiers above are the older marketing reading (Standard, Premium, Elite). Commissions are paid by the pricing page's tiers:"
      >
        <ul className="list-disc space-y-2 pl-6 text-muted">
          {RULES.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </Section>

      <Section id="apply" title="Apply to become an affiliate">
        <div className="max-w-xl">
          <ApplyAffiliateForm />
        </div>
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

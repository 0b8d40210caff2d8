import {
  PRICING_AD_RATES,
  PRICING_AFFILIATE_TIERS,
  PRICING_CREATOR_PLANS,
  PRICING_FAQ,
  PRICING_LISTENER_PLANS,
  PRICING_PAYOUT_FREQUENCIES,
  type PricePlan,
} from '@wavecast/shared';
import { ButtonLink } from '../../../components/ui/Button';
import { PlanButton } from '../../billing/components/PlanButton';
import { RevenueShare } from '../../earnings/components/RevenueShare';
import { CtaBanner } from '../components/CtaBanner';
import { FaqList } from '../components/Faq';
import { Hero } from '../components/Hero';
import { PlanCard, PlanGrid } from '../components/PlanCard';
import { Section } from '../components/Section';
import { TierCard } from '../components/TierCard';

const isFree = (price: string) => price === '$0';

/** Signed out: the sign-up link with the page's label; signed in: the billing flow (PlanButton). */
const planButton = (plan: PricePlan, signupLabel: string) =>
  plan.planId && <PlanButton planId={plan.planId} signupLabel={signupLabel} primary={plan.mostPopular} />;

/** /pricing: the pricing-page reading of spec section 9. */
export default function PricingPage() {
  return (
    <div className="mx-auto max-w-6xl">
      <Hero
        eyebrow="Simple, transparent pricing"
        title="Pricing"
        lead="Plans for creators and listeners, commission for affiliates and rates for advertisers. Every paid plan starts with a 14-day free trial."
      />

      <Section id="creator-plans" title="Creator plans" intro="Upload, broadcast and grow your audience.">
        <PlanGrid>
          {PRICING_CREATOR_PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              action={planButton(plan, isFree(plan.price) ? 'Get Started' : 'Start Free Trial')}
            />
          ))}
        </PlanGrid>
      </Section>

      <Section id="listener-plans" title="Listener plans" intro="Listen free, or go premium for the best experience.">
        <PlanGrid>
          {PRICING_LISTENER_PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              action={planButton(plan, isFree(plan.price) ? 'Sign Up Free' : 'Start Free Trial')}
            />
          ))}
        </PlanGrid>
      </Section>

      <Section id="creator-earnings" title="What creators earn">
        <RevenueShare />
      </Section>

      <Section
        id="affiliate-tiers"
        title="Affiliate tiers"
        intro={`Earn commission on every active referral. Payout frequencies: ${PRICING_PAYOUT_FREQUENCIES.join(', ').toLowerCase()}, depending on your tier.`}
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {PRICING_AFFILIATE_TIERS.map((tier) => (
            <TierCard key={tier.id} tier={tier} payout={tier.payout} />
          ))}
        </ul>
      </Section>

      <Section
        id="advertising-rates"
        title="Advertising rates"
        intro="Pay per thousand impressions (CPM); the rate depends on targeting and placement."
      >
        <div className="overflow-x-auto rounded-[var(--radius-card)] border border-border">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="sr-only">Advertising rates per ad format</caption>
            <thead className="bg-surface-2 text-muted">
              <tr>
                <th scope="col" className="px-5 py-3 font-medium">
                  Format
                </th>
                <th scope="col" className="px-5 py-3 font-medium">
                  Rate
                </th>
                <th scope="col" className="px-5 py-3 font-medium">
                  Where it runs
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border bg-surface">
              {PRICING_AD_RATES.map((r) => (
                <tr key={r.id}>
                  <th scope="row" className="px-5 py-4 font-semibold">
                    {r.format}
                  </th>
                  <td className="px-5 py-4 font-semibold text-primary whitespace-nowrap">{r.rate}</td>
                  <td className="px-5 py-4 text-muted">{r.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="pricing-faq" title="Frequently asked questions">
        <FaqList entries={PRICING_FAQ} />
      </Section>

      <CtaBanner
        id="pricing-cta"
        title="Ready to get started?"
        text="Create your account in a minute, or talk to us about enterprise plans."
      >
        <ButtonLink to="/signup" size="lg">
          Sign Up Now
        </ButtonLink>
        <ButtonLink to="/support/contact" size="lg" variant="outline">
          Contact Sales
        </ButtonLink>
      </CtaBanner>
    </div>
  );
}

import { MARKETING_AD_PACKAGES, MARKETING_AUDIO_AD_LENGTH } from '@wavecast/shared';
import { Image, Mic2, Target, Volume2 } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { ApplyToAdvertise } from '../../ads/components/ApplyToAdvertise';
import { CtaBanner } from '../components/CtaBanner';
import { FeatureGrid } from '../components/FeatureGrid';
import { Hero } from '../components/Hero';
import { PlanCard, PlanGrid } from '../components/PlanCard';
import { Section } from '../components/Section';

const FORMATS = [
  {
    icon: Volume2,
    title: 'Audio ads',
    text: `${MARKETING_AUDIO_AD_LENGTH} spots played between tracks and during live streams — heard, not scrolled past.`,
  },
  {
    icon: Image,
    title: 'Display ads',
    text: 'Banners on the player, explore and profile pages, shown alongside the audio.',
  },
  {
    icon: Mic2,
    title: 'Sponsored content',
    text: 'Episodes, segments and live shows made with creators who fit your brand.',
  },
  { icon: Target, title: 'Precise targeting', text: 'Reach listeners by category, content type and live shows.' },
];

/** /how-it-works/advertisers: ad formats and the marketing reading of advertising packages. */
export default function AdvertisersPage() {
  return (
    <div className="mx-auto max-w-6xl">
      <Hero
        eyebrow="How It Works"
        title="For Advertisers"
        lead="Reach engaged listeners in the moments they are paying attention."
      >
        <ButtonLink to="/signup" size="lg">
          Start Advertising
        </ButtonLink>
        <ButtonLink to="/explore" size="lg" variant="outline">
          See the Content
        </ButtonLink>
      </Hero>

      <Section id="formats" title="Ad formats">
        <FeatureGrid features={FORMATS} columns={4} />
      </Section>

      <Section
        id="packages"
        title="Advertising packages"
        intro="Simple monthly packages, or a custom plan for large campaigns."
      >
        <PlanGrid>
          {MARKETING_AD_PACKAGES.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              cta={
                plan.id === 'enterprise'
                  ? { label: 'Contact Sales', to: '/support/contact?category=billing' }
                  : { label: 'Get Started', to: '/signup' }
              }
            />
          ))}
        </PlanGrid>
      </Section>

      <ApplyToAdvertise />

      <CtaBanner
        id="advertisers-cta"
        title="Launch your first campaign"
        text="Create an advertiser account and reach your audience this week."
      >
        <ButtonLink to="/signup" size="lg">
          Sign Up Now
        </ButtonLink>
      </CtaBanner>
    </div>
  );
}

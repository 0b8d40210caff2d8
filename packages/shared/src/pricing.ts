import { formatPlanPrice, PLANS, type PlanId } from './plans';

// Spec section 9, pricing: both readings the product shows, kept in one place.
// The pricing page (/pricing) shows PRICING_*; the marketing pages (/how-it-works/*) show MARKETING_*.

export interface PricePlan {
  id: string;
  /** The billing plan this card sells (plans.ts); marketing cards have none. */
  planId?: PlanId;
  name: string;
  /** As displayed: '$0', '$19', '$9.99', 'Free', 'Custom'. */
  price: string;
  /** Shown after the price, e.g. '/month'; empty for free or custom plans. */
  period: string;
  description: string;
  features: readonly string[];
  mostPopular?: boolean;
}

export interface CommissionTier {
  id: string;
  name: string;
  /** As displayed, e.g. '15%'. */
  commission: string;
  /** Who qualifies, e.g. 'New affiliates' or '25+ active referrals'. */
  requirement: string;
  features: readonly string[];
}

const MONTH = '/month';

/** A pricing-page card for a billing plan: its name and price come from the catalogue. */
function card(planId: PlanId, id: string, description: string, features: string[], mostPopular?: boolean): PricePlan {
  const plan = PLANS[planId];
  return {
    id,
    planId,
    name: plan.name,
    price: formatPlanPrice(plan.priceCents),
    period: MONTH,
    description,
    features,
    ...(mostPopular ? { mostPopular } : {}),
  };
}

// Every feature listed below is an entitlement the server enforces (plans.ts) or true of the product.

/** Pricing page: creator plans Free, Creator (Most Popular), Pro. */
export const PRICING_CREATOR_PLANS: readonly PricePlan[] = [
  card('free', 'free', 'Everything you need to start sharing your audio.', [
    '2 hours of streaming per month',
    'Unlimited audio uploads',
    'Basic analytics',
    'Ads on your content',
  ]),
  card(
    'creator',
    'creator',
    'For creators who broadcast and publish every week.',
    ['Unlimited streaming', 'HD audio', 'No ads on your content', 'Live stream recordings'],
    true,
  ),
  card('pro', 'pro', 'For studios, networks and professional broadcasters.', [
    'Everything in Creator',
    'Ad-free HD listening',
    'Priority support',
  ]),
];

/** Pricing page: listener plans Free Listener, Premium Listener (most popular), Family Plan. */
export const PRICING_LISTENER_PLANS: readonly PricePlan[] = [
  card('free-listener', 'free-listener', 'Listen to every public track and live stream.', [
    'Unlimited listening with ads',
    'Follow creators',
    'Create playlists',
    'Join live chat',
  ]),
  card(
    'premium',
    'premium-listener',
    'The best way to listen, without interruptions.',
    ['Ad-free listening', 'HD audio', 'Everything in Free Listener'],
    true,
  ),
  card('family', 'family', 'Premium for the whole household.', [
    'Up to 6 accounts',
    'Everything in Premium Listener',
    'Separate libraries and playlists',
  ]),
];

/** Pricing page: the three payout frequencies (Bronze, Silver, Gold in that order; the tiers repeat them as
 * literals so the bundler can split this module out of the initial chunk). */
export const PRICING_PAYOUT_FREQUENCIES = ['Monthly', 'Bi-weekly', 'Weekly'] as const;

/** Pricing page: affiliate tiers Bronze, Silver, Gold with their payout frequencies. */
export const PRICING_AFFILIATE_TIERS: readonly (CommissionTier & { payout: string })[] = [
  {
    id: 'bronze',
    name: 'Bronze',
    commission: '15%',
    requirement: 'New affiliates',
    payout: 'Monthly',
    features: ['Personal referral link', 'Real-time referral tracking', 'Marketing materials'],
  },
  {
    id: 'silver',
    name: 'Silver',
    commission: '20%',
    requirement: '25+ active referrals',
    payout: 'Bi-weekly',
    features: ['Everything in Bronze', 'Detailed conversion reports', 'Priority affiliate support'],
  },
  {
    id: 'gold',
    name: 'Gold',
    commission: '25%',
    requirement: '100+ active referrals',
    payout: 'Weekly',
    features: ['Everything in Silver', 'Dedicated partner manager', 'Custom landing pages'],
  },
];

/** Pricing page: advertising rates (cost per thousand impressions). */
export const PRICING_AD_RATES = [
  {
    id: 'audio',
    format: 'Audio ads',
    rate: '$2-8 CPM',
    description: 'Ads played between tracks and during live streams.',
  },
  {
    id: 'display',
    format: 'Display ads',
    rate: '$1-5 CPM',
    description: 'Banners on the player, explore and profile pages.',
  },
  {
    id: 'sponsored',
    format: 'Sponsored content',
    rate: '$10-50 CPM',
    description: 'Episodes and live shows made with creators for your brand.',
  },
] as const;

/** Pricing page: the four-item FAQ. */
export const PRICING_FAQ = [
  {
    question: 'Can I change my plan at any time?',
    answer:
      'Yes. You can upgrade or downgrade whenever you like, and plan changes take effect immediately. Paid time you have not used is credited to your next invoice.',
  },
  {
    question: 'Is there a free trial?',
    answer: 'Yes. Every paid plan starts with a 14-day free trial, and no credit card is required to begin.',
  },
  {
    question: 'What payment methods do you accept?',
    answer: 'We accept all major credit and debit cards, including Visa, Mastercard, American Express and Discover.',
  },
  {
    question: 'Do you offer other payment options for enterprise customers?',
    answer: 'Yes. Enterprise customers can also pay by PayPal or bank transfer. Contact us and we will set it up.',
  },
] as const;

/** Marketing reading (/how-it-works/stream-hosts): host plans Basic, Pro, Business. */
export const MARKETING_HOST_PLANS: readonly PricePlan[] = [
  {
    id: 'basic',
    name: 'Basic',
    price: 'Free',
    period: '',
    description: 'Try live broadcasting at no cost.',
    features: ['2 hours live per month', 'Unlimited uploads', 'Live chat with listeners'],
  },
  {
    id: 'pro',
    name: 'Pro',
    price: '$19',
    period: MONTH,
    description: 'For regular shows and growing audiences.',
    features: ['Unlimited live hours', 'HD audio', 'Recordings published as tracks', 'Full analytics'],
    mostPopular: true,
  },
  {
    id: 'business',
    name: 'Business',
    price: '$49',
    period: MONTH,
    description: 'For networks, labels and studios.',
    features: ['Everything in Pro', 'Team access', 'Priority support', 'Custom branding'],
  },
];

/** Marketing reading (/how-it-works/affiliates): affiliate tiers Standard, Premium, Elite. */
export const MARKETING_AFFILIATE_TIERS: readonly CommissionTier[] = [
  {
    id: 'standard',
    name: 'Standard',
    commission: '20%',
    requirement: 'Every new affiliate',
    features: ['Referral link and tracking', 'Monthly reports'],
  },
  {
    id: 'premium',
    name: 'Premium',
    commission: '25%',
    requirement: '50+ active referrals',
    features: ['Everything in Standard', 'Priority support'],
  },
  {
    id: 'elite',
    name: 'Elite',
    commission: '30%',
    requirement: '200+ active referrals',
    features: ['Everything in Premium', 'Dedicated partner manager'],
  },
];

/** Marketing reading: the smallest balance an affiliate can withdraw. */
export const MARKETING_AFFILIATE_MIN_PAYOUT = '$50';

/** Marketing reading (/how-it-works/advertisers): advertising packages. */
export const MARKETING_AD_PACKAGES: readonly PricePlan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: '$500',
    period: MONTH,
    description: 'Reach a focused audience in one category.',
    features: ['Audio and display ads', 'One category', 'Monthly performance report'],
  },
  {
    id: 'professional',
    name: 'Professional',
    price: '$2,000',
    period: MONTH,
    description: 'Campaigns across categories and live shows.',
    features: ['All ad formats', 'Up to five categories', 'Weekly reports', 'Campaign manager'],
    mostPopular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Custom',
    period: '',
    description: 'Large campaigns and sponsorships, built with you.',
    features: ['Sponsored content with creators', 'Every category', 'Dedicated account team'],
  },
];

/** Marketing reading: the length of an audio ad. */
export const MARKETING_AUDIO_AD_LENGTH = '15-30 seconds';

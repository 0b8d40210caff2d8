import { describe, expect, it } from 'vitest';
import {
  MARKETING_AD_PACKAGES,
  MARKETING_AFFILIATE_MIN_PAYOUT,
  MARKETING_AFFILIATE_TIERS,
  MARKETING_AUDIO_AD_LENGTH,
  MARKETING_HOST_PLANS,
  PRICING_AD_RATES,
  PRICING_AFFILIATE_TIERS,
  PRICING_CREATOR_PLANS,
  PRICING_FAQ,
  PRICING_LISTENER_PLANS,
  PRICING_PAYOUT_FREQUENCIES,
} from './pricing';
import { ABOUT_STATS, SUPPORT_HOURS, SUPPORT_RESPONSE_TIMES } from './site-copy';
import { CONTACT_CATEGORY_LABELS, FAQ_AUDIO_FORMATS, HELP_CATEGORIES } from './support';

const plans = (list: readonly { name: string; price: string; period: string; mostPopular?: boolean }[]) =>
  list.map((p) => [p.name, `${p.price}${p.period}`, p.mostPopular ?? false]);

// The figures of spec section 9, word for word.
describe('pricing page reading', () => {
  it('creator plans: Free $0 (2 hours, ads), Creator $19/month (Most Popular; unlimited, HD), Pro $49/month', () => {
    expect(plans(PRICING_CREATOR_PLANS)).toEqual([
      ['Free', '$0/month', false],
      ['Creator', '$19/month', true],
      ['Pro', '$49/month', false],
    ]);
    expect(PRICING_CREATOR_PLANS[0].features).toEqual(
      expect.arrayContaining(['2 hours of streaming per month', 'Ads on your content']),
    );
    expect(PRICING_CREATOR_PLANS[1].features).toEqual(expect.arrayContaining(['Unlimited streaming', 'HD audio']));
  });

  it('listener plans: Free $0, Premium $9.99/month (most popular), Family $14.99/month for up to 6 accounts', () => {
    expect(plans(PRICING_LISTENER_PLANS)).toEqual([
      ['Free Listener', '$0/month', false],
      ['Premium Listener', '$9.99/month', true],
      ['Family Plan', '$14.99/month', false],
    ]);
    expect(PRICING_LISTENER_PLANS[2].features).toContain('Up to 6 accounts');
  });

  it('affiliate tiers Bronze 15%, Silver 20% (25+), Gold 25% (100+); payouts monthly, bi-weekly, weekly', () => {
    expect(PRICING_AFFILIATE_TIERS.map((t) => [t.name, t.commission, t.requirement])).toEqual([
      ['Bronze', '15%', 'New affiliates'],
      ['Silver', '20%', '25+ active referrals'],
      ['Gold', '25%', '100+ active referrals'],
    ]);
    expect(PRICING_PAYOUT_FREQUENCIES).toEqual(['Monthly', 'Bi-weekly', 'Weekly']);
    expect(PRICING_AFFILIATE_TIERS.map((t) => t.payout)).toEqual([...PRICING_PAYOUT_FREQUENCIES]);
  });

  it('ad rates: audio $2-8, display $1-5, sponsored content $10-50 CPM', () => {
    expect(PRICING_AD_RATES.map((r) => [r.format, r.rate])).toEqual([
      ['Audio ads', '$2-8 CPM'],
      ['Display ads', '$1-5 CPM'],
      ['Sponsored content', '$10-50 CPM'],
    ]);
  });

  it('FAQ: immediate plan changes, 14-day trial without a card, major cards, PayPal and bank transfer for enterprise', () => {
    expect(PRICING_FAQ).toHaveLength(4);
    const answers = PRICING_FAQ.map((f) => f.answer).join(' ');
    expect(answers).toContain('plan changes take effect immediately');
    expect(answers).toContain('14-day free trial, and no credit card is required');
    expect(answers).toContain('all major credit and debit cards');
    expect(answers).toContain('Enterprise customers can also pay by PayPal or bank transfer');
  });
});

describe('marketing reading', () => {
  it('host plans Basic Free (2 hours live), Pro $19/month, Business $49/month', () => {
    expect(plans(MARKETING_HOST_PLANS).map(([n, p]) => [n, p])).toEqual([
      ['Basic', 'Free'],
      ['Pro', '$19/month'],
      ['Business', '$49/month'],
    ]);
    expect(MARKETING_HOST_PLANS[0].features).toContain('2 hours live per month');
  });

  it('affiliate tiers Standard 20%, Premium 25% (50+), Elite 30% (200+), minimum payout $50', () => {
    expect(MARKETING_AFFILIATE_TIERS.map((t) => [t.name, t.commission, t.requirement])).toEqual([
      ['Standard', '20%', 'Every new affiliate'],
      ['Premium', '25%', '50+ active referrals'],
      ['Elite', '30%', '200+ active referrals'],
    ]);
    expect(MARKETING_AFFILIATE_MIN_PAYOUT).toBe('$50');
  });

  it('ad packages Starter $500/month, Professional $2,000/month, Enterprise custom; audio ads 15-30 seconds', () => {
    expect(plans(MARKETING_AD_PACKAGES).map(([n, p]) => [n, p])).toEqual([
      ['Starter', '$500/month'],
      ['Professional', '$2,000/month'],
      ['Enterprise', 'Custom'],
    ]);
    expect(MARKETING_AUDIO_AD_LENGTH).toBe('15-30 seconds');
  });
});

describe('support and about', () => {
  it('support hours (EST) and response times', () => {
    expect(SUPPORT_HOURS.map((h) => `${h.days}: ${h.hours}`)).toEqual([
      'Monday - Friday: 9:00 AM - 8:00 PM EST',
      'Saturday: 10:00 AM - 6:00 PM EST',
      'Sunday: 12:00 PM - 5:00 PM EST',
    ]);
    expect(SUPPORT_RESPONSE_TIMES).toEqual({
      email: 'Within 24 hours',
      phone: '24/7',
      liveChat: 'Average wait 2 minutes',
    });
  });

  it('six help-centre categories with 12, 18, 8, 15, 10 and 6 articles', () => {
    expect(HELP_CATEGORIES.map((c) => c.articleCount)).toEqual([12, 18, 8, 15, 10, 6]);
  });

  it('about stats', () => {
    expect(ABOUT_STATS.map((s) => `${s.value} ${s.label}`)).toEqual([
      '1M+ Active Users',
      '500K+ Audio Content',
      '10K+ Live Streams',
      '100+ Countries',
    ]);
  });

  it('contact categories have readable labels; the FAQ names MP3, WAV, FLAC and AAC', () => {
    expect(Object.keys(CONTACT_CATEGORY_LABELS)).toEqual([
      'technical',
      'billing',
      'account',
      'content',
      'feature',
      'other',
    ]);
    expect(FAQ_AUDIO_FORMATS).toEqual(['MP3', 'WAV', 'FLAC', 'AAC']);
  });
});

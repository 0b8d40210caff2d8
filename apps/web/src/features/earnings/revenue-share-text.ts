import type { EarningsRule } from '@wavecast/shared';

/**
 * How each rule splits a month (what `allocate.ts` and the close do), in the sentence "Each month
 * …". Ads: to the creator whose content carried them, except under pro-rata, where they are
 * pooled with subscriptions.
 */
export const RULE_TEXT: Record<EarningsRule, string> = {
  'user-centric':
    "each subscriber's payment is split between the creators that subscriber listened to, by their listening time; ad revenue goes to the creator whose content carried the ad",
  'pro-rata': 'all subscription and ad revenue is pooled and split between creators by plays',
  hybrid:
    "each subscriber's payment is split between the creators that subscriber listened to, by plays of at least 30 seconds, counting at most 1,000 plays per listener a month (each Family member has their own); ad revenue goes to the creator whose content carried the ad",
};

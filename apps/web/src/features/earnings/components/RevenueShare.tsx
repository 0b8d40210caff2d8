import type { EarningsRule } from '@wavecast/shared';
import { useEarningsTerms } from '../queries';

const RULE_TEXT: Record<EarningsRule, string> = {
  'user-centric':
    "each subscriber's payment is split between the creators that subscriber listened to, by their listening time",
  'pro-rata': 'all subscription revenue is pooled and split by plays',
  hybrid:
    "each subscriber's payment is split by their listening time, counting plays of at least 30 seconds and at most 1,000 plays a month",
};

/**
 * What creators are paid, stated from the server's configuration (issue 37): the platform's share,
 * the allocation rule and the hold, instead of marketing copy.
 */
export function RevenueShare() {
  const terms = useEarningsTerms();
  const t = terms.data;
  if (!t) return <p className="text-muted">Loading the revenue share…</p>;
  return (
    <div className="space-y-2 text-sm" data-testid="revenue-share">
      <p className="text-base">
        Creators receive <strong>{t.creatorSharePct}%</strong> of net subscription and ad revenue; Wavecast keeps{' '}
        <strong>{t.platformSharePct}%</strong>.
      </p>
      <p className="text-muted">
        Net means after refunds, chargebacks, payment fees and affiliate commissions. Each month{' '}
        {RULE_TEXT[t.earningsRule]}; ad revenue goes to the creator whose content carried the ad. Earnings are held{' '}
        {t.holdDays} days (the refund window), then available for a payout.
      </p>
    </div>
  );
}

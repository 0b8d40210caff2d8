import { useEarningsTerms } from '../queries';
import { RULE_TEXT } from '../revenue-share-text';

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
        {RULE_TEXT[t.earningsRule]}. Earnings are held {t.holdDays} days (the refund window), then available for a
        payout.
      </p>
    </div>
  );
}

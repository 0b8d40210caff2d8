import {
  AFFILIATE_MESSAGES,
  AFFILIATE_RULES,
  AFFILIATE_TIERS,
  PAYOUT_SCHEDULE_LABELS,
  type TAffiliateDashboard,
} from '@wavecast/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../lib/toast';
import { money, useRequestPayout } from '../queries';

/** The affiliate asks to be paid its payable balance (from $50, as often as its tier allows). */
export function RequestPayout({ d }: { d: TAffiliateDashboard }) {
  const request = useRequestPayout();
  const [error, setError] = useState<string | null>(null);
  const tierPayout = AFFILIATE_TIERS.find((t) => t.id === d.tier.id)?.payout ?? 'monthly';
  async function go() {
    setError(null);
    try {
      await request.mutateAsync();
      toast.success(AFFILIATE_MESSAGES.payoutRequested);
    } catch (err) {
      setError((err as Error).message);
    }
  }
  return (
    <div className="mb-3 space-y-2 text-sm">
      <p className="text-muted">
        Payable now: <strong data-testid="payable-balance">{money(d.stats.payableCents)}</strong>. Request a payout from{' '}
        {money(AFFILIATE_RULES.minPayoutCents)}; at the {d.tier.name} tier, up to{' '}
        {PAYOUT_SCHEDULE_LABELS[tierPayout].toLowerCase()}.
      </p>
      <Button type="button" onClick={go} disabled={request.isPending}>
        {request.isPending ? 'Requesting...' : 'Request Payout'}
      </Button>
      {error && (
        <p className="text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

import type { CommissionTier } from '@wavecast/shared';
import { Check } from 'lucide-react';

/** An affiliate tier: its commission, who qualifies and (on the pricing page) how often it pays out. */
export function TierCard({ tier, payout }: { tier: CommissionTier; payout?: string }) {
  return (
    <li
      className="flex flex-col rounded-[var(--radius-card)] border border-border bg-surface p-6"
      data-testid={`tier-${tier.id}`}
    >
      <h3 className="text-lg font-semibold">{tier.name}</h3>
      <p className="mt-3">
        <span className="text-4xl font-bold tracking-tight text-primary">{tier.commission}</span>{' '}
        <span className="text-muted">commission</span>
      </p>
      <p className="mt-2 text-sm font-medium">{tier.requirement}</p>
      {payout && (
        <p className="mt-1 text-sm text-muted">
          Payouts: <span className="font-medium text-fg">{payout}</span>
        </p>
      )}
      <ul className="mt-4 space-y-2 text-sm">
        {tier.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {f}
          </li>
        ))}
      </ul>
    </li>
  );
}

import { Crown } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '../../../components/ui/Button';
import { type SessionUser, useSession } from '../../auth/session';

// The flow (billing messages, zod contracts, mutations) stays out of the first load.
const GetPremiumButton = lazy(() => import('./GetPremiumButton'));

/** Whether the sidebar offers Premium: signed in, on a free plan (no plan of its own, no family seat), with ads. */
export function offersPremium(user: SessionUser | null): boolean {
  return Boolean(user && user.plan.source === null && !user.entitlements.adFree);
}

/** The sidebar's Upgrade to Premium card (spec: Shell); its button is the pricing page's Premium flow. */
export function UpgradeCard() {
  const { user } = useSession();
  if (!offersPremium(user)) return null;
  return (
    <section
      aria-labelledby="upgrade-card-title"
      className="mt-6 rounded-card border border-primary/40 bg-gradient-to-br from-primary/25 to-surface-2 p-4"
      data-testid="upgrade-card"
    >
      <h2 id="upgrade-card-title" className="flex items-center gap-2 text-sm font-semibold">
        <Crown className="size-4 text-primary" aria-hidden />
        Upgrade to Premium
      </h2>
      <p className="mt-1 text-xs text-muted">Ad-free listening and HD audio.</p>
      <Suspense
        fallback={
          <Button size="sm" className="mt-3 w-full" disabled>
            Get Premium
          </Button>
        }
      >
        <GetPremiumButton />
      </Suspense>
    </section>
  );
}

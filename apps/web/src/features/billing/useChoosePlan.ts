import { useQueryClient } from '@tanstack/react-query';
import { BILLING_MESSAGES, isPaidPlanId, type PlanId, type TBilling } from '@wavecast/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { useSession } from '../auth/session';
import { type PlanAction, planAction } from './lib/planAction';
import {
  BILLING_KEY,
  fetchBilling,
  useBilling,
  useChangePlan,
  useChangePreview,
  useCheckout,
  useStartTrial,
} from './queries';

export const BILLING_TAB = '/settings?tab=billing';

const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Something went wrong');

/**
 * The plan buttons' flow, shared by the pricing page and the sidebar's Upgrade card: sign up, start the
 * free trial, go to the checkout, or change plan (after a confirm); what to do is `planAction`'s call.
 * `load: false` reads the billing overview only when the button is pressed (the sidebar's card).
 */
export function useChoosePlan(planId: PlanId, { load = true }: { load?: boolean } = {}) {
  const { user } = useSession();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const billing = useBilling(Boolean(user) && load);
  const trial = useStartTrial();
  const change = useChangePlan();
  const checkout = useCheckout();
  const [confirming, setConfirming] = useState(false);
  const preview = useChangePreview(isPaidPlanId(planId) ? planId : null, confirming);

  const decide = (b: TBilling | undefined): PlanAction =>
    planAction(planId, {
      account: user,
      trialAvailable: b?.trialAvailable,
      payingEnabled: b?.payingEnabled,
    });
  const action = decide(billing.data);

  async function choose() {
    let next = action;
    if (user && next.kind === 'trial' && !billing.data) {
      // Not read yet (the sidebar): ask now, so a used trial leads to the checkout instead.
      try {
        next = decide(await qc.fetchQuery({ queryKey: BILLING_KEY, queryFn: fetchBilling, staleTime: 30_000 }));
      } catch (err) {
        toast.error(errorText(err));
        return;
      }
    }
    switch (next.kind) {
      case 'signup':
        navigate('/signup');
        return;
      case 'manage':
      case 'current':
        navigate(BILLING_TAB);
        return;
      case 'wrong-audience':
        navigate('/settings');
        return;
      case 'unavailable':
        toast.error(next.reason);
        return;
      case 'included':
        return;
      case 'change':
        setConfirming(true);
        return;
      case 'trial':
        if (!isPaidPlanId(planId)) return;
        trial.mutate(planId, {
          onSuccess: () => {
            toast.success(BILLING_MESSAGES.trialStarted);
            navigate(BILLING_TAB);
          },
          onError: (err) => toast.error(errorText(err)),
        });
        return;
      case 'checkout':
        if (!isPaidPlanId(planId)) return;
        checkout.mutate({ planId }, { onError: (err) => toast.error(errorText(err)) });
        return;
    }
  }

  function confirmChange() {
    if (!isPaidPlanId(planId)) return;
    change.mutate(planId, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(BILLING_MESSAGES.planChanged);
        navigate(BILLING_TAB);
      },
      onError: (err) => toast.error(errorText(err)),
    });
  }

  /** The trial with a card (Stripe Checkout; charged when the 14 days end), beside the no-card one. */
  function startCardTrial() {
    if (!isPaidPlanId(planId)) return;
    checkout.mutate({ planId, trial: true }, { onError: (err) => toast.error(errorText(err)) });
  }

  return {
    action,
    choose: () => void choose(),
    /** Offered with 'trial' when the server takes cards. */
    cardTrial: action.kind === 'trial' && billing.data?.payingEnabled === true,
    startCardTrial,
    /** The confirm's price for today: the amount (cents, negative a credit), null while unknown. */
    previewCents: preview.data?.amountCents ?? null,
    previewFailed: preview.isError,
    pending: trial.isPending || change.isPending || checkout.isPending,
    confirming,
    confirmChange,
    cancelChange: () => !change.isPending && setConfirming(false),
    changing: change.isPending,
  };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaidPlanId, TBilling, TChangePreview } from '@wavecast/shared';
import { api } from '../../lib/api';
import { SESSION_KEY } from '../auth/session';

export const BILLING_KEY = ['me', 'billing'] as const;

export const fetchBilling = () => api<TBilling>('/api/billing');

/** GET /api/billing: the signed-in account's plan, payments and family (Settings → Billing, plan buttons). */
export const useBilling = (enabled = true) =>
  useQuery({ queryKey: BILLING_KEY, queryFn: fetchBilling, enabled, staleTime: 30_000 });

/**
 * A billing change: the answer is the new billing overview; /api/me (plan and entitlements: the
 * sidebar's card, ads, HD) is read again.
 */
function useBillingChange<V>(call: (vars: V) => Promise<TBilling>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      qc.setQueryData(BILLING_KEY, data);
      void qc.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}

const post = (path: string, body?: Record<string, unknown>) =>
  api<TBilling>(`/api/billing${path}`, { method: 'POST', ...(body ? { body } : {}) });

export const useStartTrial = () => useBillingChange((planId: PaidPlanId) => post('/trial', { planId }));
export const useChangePlan = () => useBillingChange((planId: PaidPlanId) => post('/plan', { planId }));
export const useCancelPlan = () => useBillingChange(() => post('/cancel'));
export const useResumePlan = () => useBillingChange(() => post('/resume'));
export const useInviteFamily = () => useBillingChange((email: string) => post('/family/invites', { email }));
export const useRemoveFamilyMember = () =>
  useBillingChange((id: string) => api<TBilling>(`/api/billing/family/members/${id}`, { method: 'DELETE' }));
export const useAcceptFamily = () => useBillingChange((token: string) => post('/family/accept', { token }));
export const useLeaveFamily = () => useBillingChange(() => post('/family/leave'));

/** Checkout and the customer portal answer a provider's page to go to. */
export const useCheckout = () =>
  useMutation({
    mutationFn: ({ planId, trial }: { planId: PaidPlanId; trial?: boolean }) =>
      api<{ url: string }>('/api/billing/checkout', { method: 'POST', body: trial ? { planId, trial } : { planId } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
/** "Add a card to keep …": Checkout that goes on paying when the running trial ends. */
export const useAddCard = () =>
  useMutation({
    mutationFn: () => api<{ url: string }>('/api/billing/trial/card', { method: 'POST' }),
    onSuccess: ({ url }) => window.location.assign(url),
  });

/** GET /api/billing/change-preview: what changing to `planId` costs today (read when the confirm opens). */
export const useChangePreview = (planId: PaidPlanId | null, enabled: boolean) =>
  useQuery({
    queryKey: ['me', 'billing', 'change-preview', planId],
    queryFn: () => api<TChangePreview>(`/api/billing/change-preview?plan=${planId}`),
    enabled: enabled && planId !== null,
    staleTime: 0,
    gcTime: 0,
  });
export const usePortal = () =>
  useMutation({
    mutationFn: () => api<{ url: string }>('/api/billing/portal', { method: 'POST' }),
    onSuccess: ({ url }) => window.location.assign(url),
  });

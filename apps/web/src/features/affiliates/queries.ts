import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAdminPayout,
  TAffiliateAnalytics,
  TAffiliateDashboard,
  TAffiliatePayout,
  TAffiliateProfile,
  TFlaggedReferral,
  TPayoutBatch,
  TPayoutBatchDetail,
  TPayoutSettingsInput,
  TTransfersResult,
} from '@wavecast/shared';
import { api } from '../../lib/api';

const DASHBOARD = ['affiliates', 'me'] as const;

/** The signed-in affiliate's dashboard (the server books their latest payments first). */
export const useAffiliateDashboard = () =>
  useQuery({ queryKey: DASHBOARD, queryFn: () => api<TAffiliateDashboard>('/api/affiliates/me') });

export const useAffiliateAnalytics = (enabled: boolean) =>
  useQuery({
    queryKey: [...DASHBOARD, 'analytics'],
    queryFn: () => api<TAffiliateAnalytics>('/api/affiliates/me/analytics'),
    enabled,
  });

export function useSavePayoutSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TPayoutSettingsInput) =>
      api<TAffiliateDashboard>('/api/affiliates/me/settings', { method: 'PUT', body: input }),
    onSuccess: (d) => qc.setQueryData(DASHBOARD, d),
  });
}

export const useAffiliateProfile = (id: string) =>
  useQuery({
    queryKey: ['affiliates', 'profile', id],
    queryFn: () => api<{ profile: TAffiliateProfile }>(`/api/affiliates/${encodeURIComponent(id)}/profile`),
    retry: false,
  });

export const useDuePayouts = () =>
  useQuery({
    queryKey: ['admin', 'affiliate-payouts'],
    queryFn: () => api<{ items: TAdminPayout[] }>('/api/admin/affiliate-payouts'),
    select: (d) => d.items,
  });

export function useDecidePayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paid, text }: { id: string; paid: boolean; text: string }) =>
      api(`/api/admin/affiliate-payouts/${encodeURIComponent(id)}/${paid ? 'paid' : 'failed'}`, {
        method: 'POST',
        body: paid ? { reference: text } : { note: text || undefined },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** The referral link of an affiliate, with an optional campaign tag. */
export function referralLink(affiliateId: string, campaign?: string) {
  const url = new URL(`/ref/${encodeURIComponent(affiliateId)}`, window.location.origin);
  if (campaign) url.searchParams.set('c', campaign);
  return url.toString();
}

export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export const useFlaggedReferrals = () =>
  useQuery({
    queryKey: ['admin', 'affiliate-referrals', 'flagged'],
    queryFn: () => api<{ items: TFlaggedReferral[] }>('/api/admin/affiliate-referrals/flagged'),
    select: (d) => d.items,
  });

export function useClearFlag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/affiliate-referrals/${encodeURIComponent(id)}/unflag`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useRequestPayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ payout: TAffiliatePayout }>('/api/affiliates/me/payouts', { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: DASHBOARD }),
  });
}

export function useVoidReferral() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/affiliate-referrals/${encodeURIComponent(id)}/void`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const usePayoutBatches = () =>
  useQuery({
    queryKey: ['admin', 'affiliate-payout-batches'],
    queryFn: () => api<{ items: TPayoutBatch[] }>('/api/admin/affiliate-payout-batches'),
    select: (d) => d.items,
  });

export function useCreateBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ batch: TPayoutBatch }>('/api/admin/affiliate-payout-batches', { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

const batchUrl = (id: string) => `/api/admin/affiliate-payout-batches/${encodeURIComponent(id)}`;

/** A batch with the full payout details (asks for step-up when needed; the read is audited). */
export const fetchBatchDetail = (id: string) => api<{ batch: TPayoutBatchDetail }>(batchUrl(id)).then((r) => r.batch);

/** Downloads a batch's CSV: the detail read first opens step-up if needed, then the file is fetched. */
export async function downloadBatchCsv(id: string, file: 'paypal.csv' | 'bank.csv') {
  await fetchBatchDetail(id);
  const res = await fetch(`${batchUrl(id)}/${file}`, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`Download failed (${res.status})`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `wavecast-payouts-${id.slice(0, 8)}-${file}`;
  a.click();
  URL.revokeObjectURL(url);
}

/** Pays a batch's Stripe Connect payouts by transfers (step-up; each paid one gets its transfer id). */
export function useTransferBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<TTransfersResult>(`${batchUrl(id)}/transfers`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

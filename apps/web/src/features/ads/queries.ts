import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdCreditPackage,
  AdReportReason,
  TAdReportSummary,
  TAdvertiserOverview,
  TCampaign,
  TCampaignDay,
  TCampaignInput,
} from '@wavecast/shared';
import { api } from '../../lib/api';

const OVERVIEW = ['ads', 'advertiser'] as const;
const REVIEW = ['admin', 'ads', 'review'] as const;

/** The signed-in advertiser's balance, campaigns with figures, days and ledger. */
export const useAdvertiser = () =>
  useQuery({ queryKey: OVERVIEW, queryFn: () => api<TAdvertiserOverview>('/api/ads/advertiser') });

type Answer = { campaign: TCampaign; message: string };

function useAdsMutation<V, R = Answer>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['ads'] }) });
}

export const useCreateCampaign = () =>
  useAdsMutation((input: TCampaignInput) =>
    api<Answer>('/api/ads/campaigns', { method: 'POST', body: input as never }),
  );

export const useUpdateCampaign = () =>
  useAdsMutation(({ id, input }: { id: string; input: TCampaignInput }) =>
    api<Answer>(`/api/ads/campaigns/${encodeURIComponent(id)}`, { method: 'PUT', body: input as never }),
  );

export const useCampaignAction = () =>
  useAdsMutation(({ id, action }: { id: string; action: 'submit' | 'pause' | 'resume' }) =>
    api<Answer>(`/api/ads/campaigns/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
  );

export const useUploadCreative = () =>
  useAdsMutation(({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    return api<Answer>(`/api/ads/campaigns/${encodeURIComponent(id)}/creative`, { method: 'POST', body: form });
  });

export function useTopUp() {
  return useMutation({
    mutationFn: (input: { amountCents: number } | { package: AdCreditPackage }) =>
      api<{ url: string }>('/api/ads/checkout', { method: 'POST', body: input }),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}

/** Admins: creatives waiting for review. */
export const useAdReviewQueue = () =>
  useQuery({
    queryKey: REVIEW,
    queryFn: () =>
      api<{ items: { campaign: TCampaign; advertiser: { email: string; displayName: string | null } }[] }>(
        '/api/admin/ads/review',
      ),
    select: (d) => d.items,
  });

export function useReviewCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, note }: { id: string; approve: boolean; note?: string }) =>
      api(`/api/admin/ads/campaigns/${encodeURIComponent(id)}/review`, { method: 'POST', body: { approve, note } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export interface AdvertiserBalance {
  id: string;
  email: string;
  displayName: string | null;
  balanceMicros: number;
  campaigns: number;
}

/** Admins: every advertiser with their balance. */
export const useAdvertiserBalances = () =>
  useQuery({
    queryKey: ['admin', 'ads', 'advertisers'],
    queryFn: () => api<{ items: AdvertiserBalance[] }>('/api/admin/ads/advertisers'),
    select: (d) => d.items,
  });

/** Admins: credits an advertiser's balance (audited; needs a recent password). */
export function useCreditAdvertiser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amountCents, note }: { id: string; amountCents: number; note: string }) =>
      api<{ balanceMicros: number; message: string }>(`/api/admin/ads/advertisers/${encodeURIComponent(id)}/credit`, {
        method: 'POST',
        body: { amountCents, note },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** One campaign's figures by day (its chart). */
export const useCampaignDays = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ['ads', 'campaign', id],
    queryFn: () => api<{ campaign: TCampaign; days: TCampaignDay[] }>(`/api/ads/campaigns/${encodeURIComponent(id)}`),
    select: (d) => d.days,
    enabled,
  });

// ── issue 32: admins act on any campaign; listeners report ads ─────────────────────────────

export type AdminCampaignAction = 'hold' | 'release' | 'stop' | 'reject';

export const useAdCampaigns = () =>
  useQuery({
    queryKey: ['admin', 'ads', 'campaigns'],
    queryFn: () =>
      api<{ items: { campaign: TCampaign; advertiser: { email: string; displayName: string | null } }[] }>(
        '/api/admin/ads/campaigns',
      ),
  });

export const useAdReports = () =>
  useQuery({
    queryKey: ['admin', 'ads', 'reports'],
    queryFn: () => api<{ items: TAdReportSummary[] }>('/api/admin/ads/reports'),
  });

export function useAdminCampaignAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: AdminCampaignAction; reason?: string }) =>
      api<Answer>(`/api/admin/ads/campaigns/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        ...(action === 'release' ? {} : { body: { reason: reason ?? '' } }),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useReportAd = () =>
  useMutation({
    mutationFn: (input: { serveId: string; reason: AdReportReason; details?: string }) =>
      api<{ message: string }>('/api/ads/reports', { method: 'POST', body: input }),
  });

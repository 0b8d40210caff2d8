import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAffiliatePayout,
  TCreatorStatement,
  TDistributionReport,
  TPayoutMethodInput,
  TPublicTerms,
} from '@wavecast/shared';
import { api } from '../../lib/api';

const statementKey = (creatorId: string) => ['earnings', creatorId] as const;
const statementUrl = (creatorId: string) => `/api/creators/${encodeURIComponent(creatorId)}/earnings`;

export const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The platform's share and the hold, as the server is configured (pricing and how-it-works pages). */
export const useEarningsTerms = () =>
  useQuery({
    queryKey: ['earnings', 'terms'],
    queryFn: () => api<TPublicTerms>('/api/earnings/terms'),
    staleTime: 5 * 60_000,
  });

/** A creator's statement for a month (undefined: the newest closed month). */
export const useCreatorStatement = (creatorId: string | undefined, month: string | undefined) =>
  useQuery({
    queryKey: [...statementKey(creatorId ?? ''), month ?? 'latest'],
    queryFn: () => api<TCreatorStatement>(`${statementUrl(creatorId ?? '')}${month ? `?month=${month}` : ''}`),
    enabled: Boolean(creatorId),
  });

export function useSaveCreatorMethod(creatorId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (method: TPayoutMethodInput) =>
      api<TCreatorStatement>(`/api/creators/${encodeURIComponent(creatorId)}/payout-method`, {
        method: 'PUT',
        body: method,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: statementKey(creatorId) }),
  });
}

export function useRequestCreatorPayout(creatorId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ payout: TAffiliatePayout }>(`/api/creators/${encodeURIComponent(creatorId)}/payouts`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: statementKey(creatorId) }),
  });
}

export const useDistributionReport = () =>
  useQuery({
    queryKey: ['admin', 'earnings-distribution'],
    queryFn: () => api<{ report: TDistributionReport | null }>('/api/admin/earnings/distribution'),
  });

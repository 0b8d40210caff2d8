import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReportAction,
  ReportSeverity,
  ReportStatus,
  ReportTarget,
  TCopyrightNotice,
  TRemoval,
  TReportInput,
  TReportQueue,
} from '@wavecast/shared';
import { api } from '../../lib/api';

const QUEUE_KEY = ['admin', 'reports'] as const;
const REMOVALS_KEY = ['moderation', 'removals'] as const;

export const useFileReport = () =>
  useMutation({
    mutationFn: (input: TReportInput) =>
      api<{ message: string; created: boolean }>('/api/reports', { method: 'POST', body: input }),
  });

export interface ReportFilters {
  status: ReportStatus;
  targetType: ReportTarget | '';
  severity: ReportSeverity | '';
  ownerId?: string;
}

export const useReportQueue = (f: ReportFilters) =>
  useQuery({
    queryKey: [...QUEUE_KEY, f],
    queryFn: () => {
      const params = new URLSearchParams({ status: f.status });
      if (f.targetType) params.set('targetType', f.targetType);
      if (f.severity) params.set('severity', f.severity);
      if (f.ownerId) params.set('ownerId', f.ownerId);
      return api<TReportQueue>(`/api/admin/reports?${params}`);
    },
  });

export function useReportAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, action }: { reportId: string; action: ReportAction }) =>
      api<{ status: string }>(`/api/admin/reports/${encodeURIComponent(reportId)}/${action}`, { method: 'POST' }),
    onSettled: () => {
      qc.invalidateQueries({ queryKey: QUEUE_KEY });
      qc.invalidateQueries({ queryKey: ['admin', 'users'] });
      qc.invalidateQueries({ queryKey: ['admin', 'overview'] });
      qc.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

export const useAppeals = () =>
  useQuery({
    queryKey: ['admin', 'appeals'],
    queryFn: () => api<{ items: TRemoval[] }>('/api/admin/removals/appeals'),
  });

export function useRestoreRemoval() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/admin/removals/${encodeURIComponent(id)}/restore`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useMyRemovals = () =>
  useQuery({ queryKey: REMOVALS_KEY, queryFn: () => api<{ items: TRemoval[] }>('/api/moderation/removals') });

export function useAppeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      api<{ message: string }>(`/api/moderation/removals/${encodeURIComponent(id)}/appeal`, {
        method: 'POST',
        body: { text },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: REMOVALS_KEY }),
  });
}

export const useCopyrightNotices = () =>
  useQuery({
    queryKey: ['admin', 'copyright'],
    queryFn: () => api<{ items: TCopyrightNotice[] }>('/api/admin/copyright'),
  });

export function useFileNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { trackId: string; claimantName: string; claimantEmail: string; work: string }) =>
      api<{ message: string }>('/api/admin/copyright', { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useCourtAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/admin/copyright/${encodeURIComponent(id)}/court-action`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useMyNotices = () =>
  useQuery({
    queryKey: ['moderation', 'copyright'],
    queryFn: () => api<{ items: TCopyrightNotice[] }>('/api/moderation/copyright'),
  });

export function useCounterNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      api<{ message: string }>(`/api/moderation/copyright/${encodeURIComponent(id)}/counter`, {
        method: 'POST',
        body: { text },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['moderation'] }),
  });
}

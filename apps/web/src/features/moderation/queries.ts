import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReportAction,
  ReportSeverity,
  ReportStatus,
  ReportTarget,
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationRole, TApplication, TApplicationInput } from '@wavecast/shared';
import { api } from '../../lib/api';

const MINE = ['applications', 'mine'] as const;
const ADMIN = ['admin', 'applications'] as const;

/** The signed-in account's applications (newest first). */
export const useMyApplications = (enabled = true) =>
  useQuery({
    queryKey: MINE,
    queryFn: () => api<{ items: TApplication[] }>('/api/applications/mine'),
    select: (d) => d.items,
    enabled,
  });

/** The open application for a role, if any. */
export const pendingFor = (items: TApplication[] | undefined, role: ApplicationRole) =>
  items?.find((a) => a.role === role && a.status === 'pending');

export function useApply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TApplicationInput) =>
      api<{ application: TApplication; message: string }>('/api/applications', { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: MINE }),
  });
}

export const usePendingApplications = () =>
  useQuery({
    queryKey: ADMIN,
    queryFn: () => api<{ items: TApplication[] }>('/api/admin/applications?status=pending'),
    select: (d) => d.items,
  });

export function useDecideApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, note }: { id: string; approve: boolean; note?: string }) =>
      api(`/api/admin/applications/${encodeURIComponent(id)}/decision`, { method: 'POST', body: { approve, note } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

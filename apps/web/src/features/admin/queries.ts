import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Role,
  TAdminOverview,
  TAdminUser,
  TAdminUserDetail,
  TAdminUserList,
  TAuditList,
  TOutboxList,
} from '@wavecast/shared';
import { api } from '../../lib/api';

const USERS_KEY = ['admin', 'users'] as const;
const PAGE = 25;

const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export type UserStatus = 'active' | 'suspended';

export const useAdminUsers = (filters: { q: string; role: Role | ''; status?: UserStatus | '' }) =>
  useInfiniteQuery({
    queryKey: [...USERS_KEY, filters],
    queryFn: ({ pageParam }) =>
      api<TAdminUserList>(
        `/api/admin/users?${qs({ q: filters.q.trim(), role: filters.role, status: filters.status, offset: pageParam, limit: PAGE })}`,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset,
    placeholderData: keepPreviousData,
  });

export function useChangeRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api<{ user: TAdminUser }>(`/api/admin/users/${encodeURIComponent(id)}/role`, { method: 'PUT', body: { role } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export const useOutbox = (to: string) =>
  useInfiniteQuery({
    queryKey: ['admin', 'mail', to],
    queryFn: ({ pageParam }) =>
      api<TOutboxList>(`/api/admin/mail?${qs({ to: to.trim(), offset: pageParam, limit: PAGE })}`),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset,
    placeholderData: keepPreviousData,
  });

export const useAdminOverview = () =>
  useQuery({ queryKey: ['admin', 'overview'], queryFn: () => api<TAdminOverview>('/api/admin/overview') });

export const useAdminUser = (id: string) =>
  useQuery({
    queryKey: [...USERS_KEY, 'detail', id],
    queryFn: () => api<TAdminUserDetail & { user: TAdminUser }>(`/api/admin/users/${encodeURIComponent(id)}`),
  });

/** Suspend, restore or delete an account (step-up asked by the api client when needed). */
export function useUserAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'suspend' | 'restore' | 'delete' }) =>
      action === 'delete'
        ? api(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' })
        : api<{ user: TAdminUser }>(`/api/admin/users/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: USERS_KEY });
      qc.invalidateQueries({ queryKey: ['admin', 'overview'] });
      qc.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

export interface AuditFilters {
  action: string;
  actorId: string;
  targetType: string;
  targetId: string;
  since: string;
  until: string;
}

export const auditQueryString = (f: AuditFilters) =>
  qs({
    action: f.action.trim(),
    actorId: f.actorId.trim(),
    targetType: f.targetType.trim(),
    targetId: f.targetId.trim(),
    since: f.since ? new Date(f.since).toISOString() : undefined,
    until: f.until ? new Date(f.until).toISOString() : undefined,
  });

export const useAuditLog = (f: AuditFilters) =>
  useInfiniteQuery({
    queryKey: ['admin', 'audit', f],
    queryFn: ({ pageParam }) =>
      api<TAuditList>(`/api/admin/audit?${auditQueryString(pageParam ? { ...f, until: pageParam } : f)}&limit=${PAGE}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    placeholderData: keepPreviousData,
  });

import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, TAdminUser, TAdminUserList, TOutboxList } from '@wavecast/shared';
import { api } from '../../lib/api';

const USERS_KEY = ['admin', 'users'] as const;
const PAGE = 25;

const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export const useAdminUsers = (filters: { q: string; role: Role | '' }) =>
  useInfiniteQuery({
    queryKey: [...USERS_KEY, filters],
    queryFn: ({ pageParam }) =>
      api<TAdminUserList>(
        `/api/admin/users?${qs({ q: filters.q.trim(), role: filters.role, offset: pageParam, limit: PAGE })}`,
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

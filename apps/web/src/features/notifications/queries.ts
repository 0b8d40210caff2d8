import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotification, TNotificationPage } from '@wavecast/shared';
import { api } from '../../lib/api';
import { useSession } from '../auth/session';

export const notificationKeys = { list: (userId: string) => ['notifications', userId] as const };
type Pages = InfiniteData<TNotificationPage, string | undefined>;

export function useNotifications() {
  const { user } = useSession();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(user?.id ?? ''),
    queryFn: ({ pageParam }) =>
      api<TNotificationPage>(`/api/notifications${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: !!user,
    staleTime: 60_000,
  });
}

/** Applies a change to every cached page and the unread count. */
function edit(pages: Pages | undefined, fn: (n: TNotification) => TNotification, unread: (count: number) => number) {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((p, i) => ({
      ...p,
      items: p.items.map(fn),
      unreadCount: i === 0 ? unread(p.unreadCount) : p.unreadCount,
    })),
  };
}

/** A notification pushed over the socket goes on top (once, even if it arrives twice). */
export function prependNotification(pages: Pages | undefined, n: TNotification): Pages | undefined {
  if (!pages || pages.pages.length === 0) return pages;
  if (pages.pages.some((p) => p.items.some((i) => i.id === n.id))) return pages;
  const [first, ...rest] = pages.pages as [TNotificationPage, ...TNotificationPage[]];
  return {
    ...pages,
    pages: [{ ...first, items: [n, ...first.items], unreadCount: first.unreadCount + (n.read ? 0 : 1) }, ...rest],
  };
}

export function useMarkRead() {
  const qc = useQueryClient();
  const { user } = useSession();
  const key = notificationKeys.list(user?.id ?? '');
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/notifications/${id}/read`, { method: 'POST' }),
    onMutate: (id) => {
      const pages = qc.getQueryData<Pages>(key);
      const wasUnread = pages?.pages.some((p) => p.items.some((n) => n.id === id && !n.read));
      qc.setQueryData<Pages>(key, (old) =>
        edit(
          old,
          (n) => (n.id === id ? { ...n, read: true } : n),
          (c) => (wasUnread ? Math.max(0, c - 1) : c),
        ),
      );
    },
    onError: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  const { user } = useSession();
  const key = notificationKeys.list(user?.id ?? '');
  return useMutation({
    mutationFn: () => api<void>('/api/notifications/read-all', { method: 'POST' }),
    onMutate: () => {
      qc.setQueryData<Pages>(key, (old) =>
        edit(
          old,
          (n) => ({ ...n, read: true }),
          () => 0,
        ),
      );
    },
    onError: () => qc.invalidateQueries({ queryKey: key }),
  });
}

import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContactMessage, TContactMessageInput, TContactMessageList, TContactReceipt } from '@wavecast/shared';
import { api } from '../../lib/api';

export type ContactStatusFilter = 'open' | 'resolved' | 'all';

export function useSubmitContactMessage() {
  return useMutation({
    mutationFn: (input: TContactMessageInput) =>
      api<TContactReceipt>('/api/support/contact', { method: 'POST', body: input }),
  });
}

const PAGE = 20;
export const contactMessagesKey = (status: ContactStatusFilter) => ['admin', 'contact-messages', status] as const;

/** Admins: contact messages newest first, a page at a time. */
export function useContactMessages(status: ContactStatusFilter) {
  return useInfiniteQuery({
    queryKey: contactMessagesKey(status),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api<TContactMessageList>(`/api/admin/contact-messages?status=${status}&limit=${PAGE}&offset=${pageParam}`),
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });
}

export function useResolveContactMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<TContactMessage>(`/api/admin/contact-messages/${encodeURIComponent(id)}/resolve`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'contact-messages'] }),
  });
}

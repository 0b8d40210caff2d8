import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TComment, TCommentList, TCreateComment } from '@wavecast/shared';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { onEvent } from '../../lib/socket';
import { useSession } from '../auth/session';

export const commentKeys = {
  track: (trackId: string) => ['comments', trackId] as const,
};

type Pages = InfiniteData<TCommentList, unknown>;

export function useComments(trackId: string | undefined) {
  const { user } = useSession();
  return useInfiniteQuery({
    // The viewer is part of the key: `canDelete` depends on who asks.
    queryKey: [...commentKeys.track(trackId ?? ''), user?.id ?? null],
    queryFn: ({ pageParam }) =>
      api<TCommentList>(
        `/api/tracks/${encodeURIComponent(trackId ?? '')}/comments${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: !!trackId,
    staleTime: 60_000,
  });
}

/** Every loaded comment, newest first. */
export function flattenComments(data: Pages | undefined): TComment[] {
  return data?.pages.flatMap((p) => p.items) ?? [];
}

function addComment(data: Pages | undefined, comment: TComment): Pages | undefined {
  if (!data) return data;
  if (data.pages.some((p) => p.items.some((c) => c.id === comment.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, items: [comment, ...first.items] }, ...rest] };
}

function removeComment(data: Pages | undefined, id: string): Pages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((c) => c.id !== id) })) };
}

export function usePostComment(trackId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateComment) =>
      api<TComment>(`/api/tracks/${encodeURIComponent(trackId)}/comments`, { method: 'POST', body }),
    onSuccess: (comment) => {
      qc.setQueriesData<Pages>({ queryKey: commentKeys.track(trackId) }, (d) => addComment(d, comment));
    },
  });
}

export function useDeleteComment(trackId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) =>
      api<void>(`/api/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE' }),
    onSuccess: (_v, commentId) => {
      qc.setQueriesData<Pages>({ queryKey: commentKeys.track(trackId) }, (d) => removeComment(d, commentId));
    },
  });
}

/** New and deleted comments of a track appear live for everyone viewing it. */
export function useLiveComments(trackId: string | undefined) {
  const qc = useQueryClient();
  const { user } = useSession();
  useEffect(() => {
    if (!trackId) return;
    const topic = `track:${trackId}`;
    const add = (comment: TComment) =>
      qc.setQueriesData<Pages>({ queryKey: commentKeys.track(trackId) }, (d) => addComment(d, comment));
    const offCreated = onEvent(topic, 'comment.created', (e) => {
      // The event is the same for everyone, so it carries no one's rights: a signed-in viewer asks
      // the server for the comment as they see it (what they may do with it included).
      if (e.comment && !user) return void add(e.comment);
      api<TComment>(`/api/comments/${encodeURIComponent(e.commentId)}`)
        .then(add)
        .catch(() => qc.invalidateQueries({ queryKey: commentKeys.track(trackId) }));
    });
    const offDeleted = onEvent(topic, 'comment.deleted', (e) => {
      qc.setQueriesData<Pages>({ queryKey: commentKeys.track(trackId) }, (d) => removeComment(d, e.commentId));
    });
    return () => {
      offCreated();
      offDeleted();
    };
  }, [trackId, qc, user]);
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateLiveStream, TLiveChatList, TLiveChatMessage, TLiveStream, TMyLiveStream } from '@wavecast/shared';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { onEvent } from '../../lib/socket';
import { useSession } from '../auth/session';

export const liveKeys = {
  stream: (id: string) => ['live', id] as const,
  chat: (id: string) => ['live', id, 'chat'] as const,
};

const enc = encodeURIComponent;

/**
 * A stream, kept current by the realtime socket: viewer counts, going on air, ending and the
 * recording arrive as events.
 */
const RECORDING_POLL_MS = 3000;
const MINE_POLL_MS = 2000;
const DRAFT_WAIT_MS = 2 * 60_000;

/**
 * Whether an ended stream's recording is still on its way to this viewer, so the stream is asked
 * for again. Events announce both steps, but one can arrive before this page subscribed (the draft
 * is saved within seconds of End Stream), and a track's topic is open to others only once it is
 * ready: polling is what cannot miss them.
 */
function awaitingRecording(s: TLiveStream | undefined): boolean {
  if (s?.status !== 'ended' || !s.isRecorded) return false;
  // The draft is saved within seconds (a broadcast too short to keep never gets one: stop asking).
  if (s.canManage) return !s.recording && Date.now() - Date.parse(s.endedAt ?? '') < DRAFT_WAIT_MS;
  return s.recording?.status === 'processing'; // published, being processed
}

export function useLiveStream(id: string | undefined) {
  const qc = useQueryClient();
  const { user, loading } = useSession();
  const query = useQuery({
    queryKey: [...liveKeys.stream(id ?? ''), user?.id ?? null],
    queryFn: () => api<TLiveStream>(`/api/live/${enc(id ?? '')}`),
    // Asked once the session is known: the key changing when it arrives would unmount the player
    // (a listener's pre-roll cut off and asked for again, or the stream started without it).
    enabled: !!id && !loading,
    staleTime: 10_000,
    retry: (n, err) => (err as { status?: number }).status !== 404 && n < 2,
    refetchInterval: (q) => (awaitingRecording(q.state.data) ? RECORDING_POLL_MS : false),
  });
  useEffect(() => {
    if (!id) return;
    const topic = `live:${id}`;
    const patch = (p: Partial<TLiveStream>) =>
      qc.setQueriesData<TLiveStream>({ queryKey: liveKeys.stream(id) }, (s) => (s && s.id === id ? { ...s, ...p } : s));
    const refetch = () => void qc.invalidateQueries({ queryKey: liveKeys.stream(id) });
    const offs = [
      onEvent(topic, 'live.viewers', (e) => patch({ viewerCount: e.viewers })),
      onEvent(topic, 'live.nowPlaying', (e) => patch({ nowPlaying: e.nowPlaying })),
      onEvent(topic, 'live.started', refetch),
      onEvent(topic, 'live.ended', () => {
        patch({ status: 'ended', isActive: false });
        refetch();
      }),
      onEvent(topic, 'live.recording', refetch),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [id, qc]);
  // The recording becomes playable when the media pipeline is done with it.
  const trackId = query.data?.recording?.trackId;
  const processing = query.data?.recording?.status === 'processing';
  useEffect(() => {
    if (!id || !trackId || !processing) return;
    return onEvent(`track:${trackId}`, 'track.processed', () => {
      void qc.invalidateQueries({ queryKey: liveKeys.stream(id) });
    });
  }, [id, trackId, processing, qc]);
  return query;
}

/**
 * The creator's own stream still on air (a reloaded or reopened Go Live page offers to resume it):
 * asked afresh each time the page opens, as the grace period counts down on the server.
 */
export function useMyLiveStream(enabled: boolean) {
  const { user } = useSession();
  return useQuery({
    queryKey: ['live', 'mine', user?.id ?? null],
    queryFn: () => api<TMyLiveStream>('/api/live/mine'),
    enabled: enabled && !!user,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
    // While one is offered: a lingering old connection lets go, or the grace period runs out.
    refetchInterval: (q) => (q.state.data?.stream ? MINE_POLL_MS : false),
  });
}

export function useCreateLiveStream() {
  return useMutation({
    mutationFn: (body: TCreateLiveStream) => api<TLiveStream>('/api/live', { method: 'POST', body }),
  });
}

export function useEndLiveStream() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<TLiveStream>(`/api/live/${enc(id)}/end`, { method: 'POST' }),
    onSuccess: (s) => qc.setQueriesData({ queryKey: liveKeys.stream(s.id) }, s),
  });
}

export function usePublishRecording() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, keepChat }: { id: string; keepChat: boolean }) =>
      api<TLiveStream>(`/api/live/${enc(id)}/recording/publish`, { method: 'POST', body: { keepChat } }),
    onSuccess: (s) => qc.setQueriesData({ queryKey: liveKeys.stream(s.id) }, s),
  });
}

// Chat

export function useLiveChat(id: string | undefined) {
  const qc = useQueryClient();
  const { user } = useSession();
  const key = [...liveKeys.chat(id ?? ''), user?.id ?? null];
  const query = useQuery({
    queryKey: key,
    queryFn: () => api<TLiveChatList>(`/api/live/${enc(id ?? '')}/chat`),
    enabled: !!id,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (!id) return;
    const topic = `live:${id}`;
    const offChat = onEvent(topic, 'live.chat', (e) => {
      qc.setQueriesData<TLiveChatList>({ queryKey: liveKeys.chat(id) }, (d) => addMessage(d, e.message));
    });
    const offDeleted = onEvent(topic, 'live.chat.deleted', (e) => {
      qc.setQueriesData<TLiveChatList>({ queryKey: liveKeys.chat(id) }, (d) =>
        d ? { ...d, items: d.items.filter((m) => m.id !== e.messageId) } : d,
      );
    });
    return () => {
      offChat();
      offDeleted();
    };
  }, [id, qc]);
  return query;
}

function addMessage(d: TLiveChatList | undefined, m: TLiveChatMessage): TLiveChatList | undefined {
  if (!d || d.items.some((x) => x.id === m.id)) return d;
  return { ...d, items: [...d.items, m] };
}

export function usePostLiveChat(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api<TLiveChatMessage>(`/api/live/${enc(id)}/chat`, { method: 'POST', body: { content } }),
    onSuccess: (m) => qc.setQueriesData<TLiveChatList>({ queryKey: liveKeys.chat(id) }, (d) => addMessage(d, m)),
  });
}

export function useDeleteLiveChat(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => api<void>(`/api/live/${enc(id)}/chat/${enc(messageId)}`, { method: 'DELETE' }),
    onSuccess: (_v, messageId) =>
      qc.setQueriesData<TLiveChatList>({ queryKey: liveKeys.chat(id) }, (d) =>
        d ? { ...d, items: d.items.filter((m) => m.id !== messageId) } : d,
      ),
  });
}

export function useMuteChatUser(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, muted }: { userId: string; muted: boolean }) =>
      muted
        ? api<void>(`/api/live/${enc(id)}/mutes`, { method: 'POST', body: { userId } })
        : api<void>(`/api/live/${enc(id)}/mutes/${enc(userId)}`, { method: 'DELETE' }),
    onSuccess: (_v, { userId, muted }) =>
      qc.setQueriesData<TLiveChatList>({ queryKey: liveKeys.chat(id) }, (d) => {
        if (!d?.mutedUserIds) return d;
        const rest = d.mutedUserIds.filter((u) => u !== userId);
        return { ...d, mutedUserIds: muted ? [...rest, userId] : rest };
      }),
  });
}

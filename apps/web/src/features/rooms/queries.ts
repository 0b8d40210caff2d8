import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCreateRoom,
  TJoinedRoom,
  TPremiere,
  TRoom,
  TRoomControl,
  TRoomMember,
  TRoomMessage,
  TRoomQueueItem,
} from '@wavecast/shared';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { onEvent, realtime } from '../../lib/socket';
import { useSession } from '../auth/session';
import { guestHeaders, guestToken, keepGuestToken } from './lib/guest';
import { feedRoomClock } from './sync/clock-sync';

export const roomKeys = {
  room: (id: string) => ['room', id] as const,
  queue: (id: string) => ['room', id, 'queue'] as const,
  members: (id: string) => ['room', id, 'members'] as const,
  messages: (id: string) => ['room', id, 'messages'] as const,
  premiere: (trackId: string) => ['premiere', trackId] as const,
};

const enc = encodeURIComponent;
const roomApi = <T>(id: string, path: string, init: Parameters<typeof api>[1] = {}) =>
  api<T>(`/api/rooms/${enc(id)}${path}`, { ...init, headers: { ...guestHeaders(id), ...init.headers } });

/** One clock request of the room page (no body: the response's `x-sync-clock` is its sample, ADR 0057). */
export const requestRoomClockSample = (id: string) => roomApi<null>(id, '/clock', { timed: feedRoomClock });

/** Presence: the page says it is here a few times per presence window. */
const HEARTBEAT_MS = 15_000;
const PREMIERE_POLL_MS = 5_000;

/** A room, its queue, members and chat, kept current by its topic's events. */
export function useRoom(id: string) {
  const qc = useQueryClient();
  const { user, loading } = useSession();
  const room = useQuery({
    queryKey: [...roomKeys.room(id), user?.id ?? null],
    // Its response carries a clock sample for the page's room clock (ADR 0057).
    queryFn: () => roomApi<TRoom>(id, '', { timed: feedRoomClock }),
    enabled: !loading,
    retry: (n, err) => (err as { status?: number }).status !== 404 && n < 2,
    // Before a premiere: read again now and then (the countdown follows the server's clock).
    refetchInterval: (q) => {
      const r = q.state.data;
      return r?.premiereStartsAt && Date.parse(r.premiereStartsAt) > r.serverNow ? PREMIERE_POLL_MS : false;
    },
  });
  const queue = useQuery({
    queryKey: roomKeys.queue(id),
    queryFn: () => roomApi<{ items: TRoomQueueItem[] }>(id, '/queue'),
  });
  const members = useQuery({
    queryKey: roomKeys.members(id),
    queryFn: () => roomApi<{ items: TRoomMember[] }>(id, '/members'),
  });
  const messages = useQuery({
    queryKey: roomKeys.messages(id),
    queryFn: () => roomApi<{ items: TRoomMessage[] }>(id, '/messages'),
  });
  useEffect(() => {
    const topic = `room:${id}`;
    // The room's events are for members: a returning guest proves it with its token.
    realtime.authorize(topic, guestToken(id));
    // The room and its lists (their keys start with the room's).
    const refetchRoom = () => void qc.invalidateQueries({ queryKey: roomKeys.room(id) });
    /**
     * An event's whole list replaces the cached one, and a read still on its way is dropped first:
     * it may have left the database before the event's change and would put the old list back.
     * (Every change publishes its list, so the last event is the newest list.)
     */
    const replace = (key: readonly unknown[], data: unknown) =>
      void qc.cancelQueries({ queryKey: key, exact: true }).then(() => qc.setQueryData(key, data));
    const offs = [
      onEvent(topic, 'room.queue', (e) => replace(roomKeys.queue(id), { items: e.items })),
      onEvent(topic, 'room.members', (e) => replace(roomKeys.members(id), { items: e.members })),
      onEvent(topic, 'room.message', (e) =>
        qc.setQueryData<{ items: TRoomMessage[] }>(roomKeys.messages(id), (old) =>
          old?.items.some((m) => m.id === e.message.id)
            ? old
            : { items: [...(old?.items ?? []), e.message].slice(-200) },
        ),
      ),
      onEvent(topic, 'room.message.deleted', (e) =>
        qc.setQueryData<{ items: TRoomMessage[] }>(roomKeys.messages(id), (old) =>
          old ? { items: old.items.filter((m) => m.id !== e.messageId) } : old,
        ),
      ),
      // Granted (first, again after a reconnect, or as a member after joining): events published
      // before the grant never reached this socket, so what they carry is read again now.
      realtime.subscribe(topic, (msg) => {
        if ((msg.event as string) === 'subscribed') refetchRoom();
      }),
      onEvent(topic, 'room.host', refetchRoom),
      onEvent(topic, 'room.closed', refetchRoom),
      onEvent(topic, 'room.removed', refetchRoom),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [id, qc]);
  // Presence while the page is open and the viewer is in the room.
  const inRoom = !!room.data?.me && room.data.status === 'open';
  // Just joined: the topic refused before is asked for again (with a new guest's token).
  useEffect(() => {
    if (inRoom) realtime.authorize(`room:${id}`, guestToken(id));
  }, [id, inRoom]);
  useEffect(() => {
    if (!inRoom) return;
    const timer = setInterval(() => void roomApi(id, '/heartbeat', { method: 'POST' }).catch(() => {}), HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [id, inRoom]);
  return { room, queue, members, messages };
}

export function useJoinRoom(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (guestName?: string) =>
      roomApi<TJoinedRoom>(id, '/join', {
        method: 'POST',
        body: guestName ? { guestName } : {},
        timed: feedRoomClock,
      }),
    onSuccess: (joined) => {
      if (joined.guestToken) keepGuestToken(id, joined.guestToken);
      void qc.invalidateQueries({ queryKey: roomKeys.room(id) });
      void qc.invalidateQueries({ queryKey: roomKeys.members(id) });
    },
  });
}

/** A write to the room (controls, queue, chat, members); the room is read again after. */
export function useRoomAction<V>(
  id: string,
  request: (v: V) => { path: string; method: 'POST' | 'DELETE' | 'PATCH'; body?: object },
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => {
      const r = request(v);
      return roomApi<unknown>(id, r.path, { method: r.method, body: r.body as Record<string, unknown> | undefined });
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: roomKeys.room(id) });
    },
  });
}

export const useRoomControl = (id: string) =>
  useRoomAction<TRoomControl>(id, (body) => ({ path: '/playback', method: 'POST', body }));

export function useCreateRoom() {
  return useMutation({ mutationFn: (body: TCreateRoom) => api<TRoom>('/api/rooms', { method: 'POST', body }) });
}

export function usePremiere(trackId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: roomKeys.premiere(trackId ?? ''),
    queryFn: () => api<TPremiere>(`/api/tracks/${enc(trackId ?? '')}/premiere`),
    enabled: !!trackId && enabled,
    retry: false,
  });
}

export function useSchedulePremiere(trackId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (startsAt: string) =>
      api<TPremiere>(`/api/tracks/${enc(trackId)}/premiere`, { method: 'POST', body: { startsAt } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: roomKeys.premiere(trackId) }),
  });
}

export function useCancelPremiere(trackId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/api/tracks/${enc(trackId)}/premiere`, { method: 'DELETE' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: roomKeys.premiere(trackId) }),
  });
}

export { roomApi };

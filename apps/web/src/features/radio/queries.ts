import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TRadioChannel,
  TRadioChannelDetail,
  TRadioChannelInput,
  TRadioChannelList,
  TRadioHistory,
  TRadioKeyCreated,
  TRadioPlays,
  TRadioProgram,
  TTrack,
} from '@wavecast/shared';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { onEvent } from '../../lib/socket';

export const radioKeys = {
  channel: (id: string) => ['radio', 'channel', id] as const,
  history: (id: string) => ['radio', 'history', id] as const,
  manage: (id: string) => ['radio', 'manage', id] as const,
  mine: ['radio', 'mine'] as const,
  onAir: (q: string, category: string) => ['radio', 'on-air', q, category] as const,
};
const base = (id: string) => `/api/radio/channels/${encodeURIComponent(id)}`;

/** A channel's public page, kept current by its room: going on/off air, now playing, listeners. */
export function useRadioChannel(id: string | undefined) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: radioKeys.channel(id ?? ''),
    queryFn: () => api<TRadioChannel>(base(id ?? '')),
    enabled: !!id,
    retry: (n, err) => (err as { status?: number }).status !== 404 && n < 2,
  });
  useEffect(() => {
    if (!id) return;
    const topic = `radio:${id}`;
    const patch = (p: Partial<TRadioChannel>) =>
      qc.setQueryData<TRadioChannel>(radioKeys.channel(id), (c) => (c ? { ...c, ...p } : c));
    const offs = [
      onEvent(topic, 'radio.nowPlaying', (e) => {
        patch({ nowPlaying: e.nowPlaying });
        void qc.invalidateQueries({ queryKey: radioKeys.history(id) });
      }),
      onEvent(topic, 'radio.listeners', (e) => patch({ listenerCount: e.listeners })),
      onEvent(topic, 'radio.air', () => void qc.invalidateQueries({ queryKey: radioKeys.channel(id) })),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [id, qc]);
  return query;
}

export const useRadioHistory = (id: string) =>
  useQuery({
    queryKey: radioKeys.history(id),
    queryFn: async () => (await api<TRadioHistory>(`${base(id)}/history`)).items,
  });

/** The track now on air, for its like button (null while a DJ plays or nothing is known). */
export const useAiredTrack = (trackId: string | null | undefined) =>
  useQuery({
    queryKey: ['tracks', trackId ?? ''],
    queryFn: async () => (await api<{ track: TTrack }>(`/api/tracks/${encodeURIComponent(trackId ?? '')}`)).track,
    enabled: !!trackId,
    retry: false,
  });

/** Channels on air, by search text and category (a live or an Explore category, as the server maps it). */
export const useChannelsOnAir = (q = '', category = '', enabled = true) =>
  useQuery({
    queryKey: radioKeys.onAir(q, category),
    queryFn: async () => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (category) params.set('category', category);
      const query = params.toString();
      return (await api<TRadioChannelList>(`/api/radio/channels${query ? `?${query}` : ''}`)).items;
    },
    enabled,
    // A new filter keeps the previous tiles until its answer comes (no flash of the empty state).
    placeholderData: keepPreviousData,
  });

export const useRadioPlays = () =>
  useQuery({ queryKey: ['radio', 'plays'], queryFn: () => api<TRadioPlays>('/api/radio/plays') });

export const useMyChannels = () =>
  useQuery({ queryKey: radioKeys.mine, queryFn: async () => (await api<TRadioChannelList>('/api/radio/mine')).items });

export const useManagedChannel = (id: string) =>
  useQuery({ queryKey: radioKeys.manage(id), queryFn: () => api<TRadioChannelDetail>(`${base(id)}/manage`) });

function useSettle() {
  const qc = useQueryClient();
  return (detail?: TRadioChannelDetail | TRadioChannel) => {
    if (detail && 'program' in detail) qc.setQueryData(radioKeys.manage(detail.id), detail);
    void qc.invalidateQueries({ queryKey: ['radio', 'mine'] });
    if (detail) void qc.invalidateQueries({ queryKey: radioKeys.channel(detail.id) });
  };
}

export function useCreateChannel() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: TRadioChannelInput) => api<TRadioChannelDetail>('/api/radio/channels', { method: 'POST', body }),
    onSuccess: settle,
  });
}

export function useUpdateChannel(id: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: Partial<TRadioChannelInput>) => api<TRadioChannelDetail>(base(id), { method: 'PATCH', body }),
    onSuccess: settle,
  });
}

export function useSaveProgram(id: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: TRadioProgram) => api<TRadioChannelDetail>(`${base(id)}/program`, { method: 'PUT', body }),
    onSuccess: settle,
  });
}

export function useAir(id: string) {
  const settle = useSettle();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api<TRadioChannel>(`${base(id)}/${on ? 'on-air' : 'off-air'}`, { method: 'POST' }),
    onSuccess: (c) => {
      settle(c);
      void qc.invalidateQueries({ queryKey: radioKeys.manage(id) });
    },
  });
}

/** Uploads a channel's cover (multipart, as playlists do), or with `null` removes it. */
export function useSetChannelCover(id: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return api<TRadioChannelDetail>(`${base(id)}/cover`, { method: 'DELETE' });
      const form = new FormData();
      form.append('cover', file);
      return api<TRadioChannelDetail>(`${base(id)}/cover`, { method: 'PUT', body: form });
    },
    onSuccess: settle,
  });
}

export function useNewKey(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<TRadioKeyCreated>(`${base(id)}/key`, { method: 'POST' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: radioKeys.manage(id) }),
  });
}

export function useDeleteChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(base(id), { method: 'DELETE' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['radio'] }),
  });
}

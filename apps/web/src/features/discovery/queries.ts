import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LiveSort,
  SearchType,
  THome,
  TLiveStream,
  TLiveStreamCard,
  TSearchResults,
  TTrackPage,
} from '@wavecast/shared';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { onEvent } from '../../lib/socket';

export const qs = (params: Record<string, string | number | undefined | null>) => {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
};

export const discoveryKeys = {
  all: ['discovery'] as const,
  home: ['discovery', 'home'] as const,
  tracks: (f: object) => ['discovery', 'tracks', f] as const,
  exploreLive: (f: object) => ['discovery', 'live', f] as const,
  search: (q: string, type: string) => ['discovery', 'search', q, type] as const,
  livePage: (f: object) => ['discovery', 'live-page', f] as const,
};

export const useHome = () => useQuery({ queryKey: discoveryKeys.home, queryFn: () => api<THome>('/api/home') });

export function useExploreLive(f: { q?: string; category?: string }, enabled = true) {
  return useQuery({
    queryKey: discoveryKeys.exploreLive(f),
    queryFn: async () => (await api<{ items: TLiveStreamCard[] }>(`/api/explore/live${qs(f)}`)).items,
    enabled,
  });
}

export function useSearch(q: string, type: SearchType) {
  return useQuery({
    queryKey: discoveryKeys.search(q, type),
    queryFn: () => api<TSearchResults>(`/api/search${qs({ q, type })}`),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

/** The live streams page (the live module's list of active streams). */
export function useLiveStreams(f: { category?: string; sort: LiveSort }) {
  return useQuery({
    queryKey: discoveryKeys.livePage(f),
    queryFn: async () => (await api<{ items: TLiveStream[] }>(`/api/live${qs({ ...f, limit: 100 })}`)).items,
    placeholderData: keepPreviousData,
  });
}

type WithViewers = { id: string; viewerCount: number };

/**
 * Keeps every live list on screen fresh: viewer counts change in place, and a stream starting or
 * ending refetches the lists (realtime events on the `global` topic).
 */
export function useLiveListsRealtime() {
  const qc = useQueryClient();
  useEffect(() => {
    const refetch = () => {
      void qc.invalidateQueries({ queryKey: discoveryKeys.all });
      // A radio channel airs on a live stream of its own: its start and end change the radio lists too.
      void qc.invalidateQueries({ queryKey: ['radio', 'on-air'] });
    };
    const patch = <T extends WithViewers>(list: T[] | undefined, id: string, viewers: number) =>
      list?.map((s) => (s.id === id ? { ...s, viewerCount: viewers } : s));
    const offViewers = onEvent('global', 'live.viewers', ({ streamId, viewers }) => {
      qc.setQueriesData<WithViewers[]>({ queryKey: ['discovery', 'live'] }, (l) => patch(l, streamId, viewers));
      qc.setQueriesData<WithViewers[]>({ queryKey: ['discovery', 'live-page'] }, (l) => patch(l, streamId, viewers));
      qc.setQueryData<THome>(discoveryKeys.home, (h) =>
        h ? { ...h, live: patch(h.live, streamId, viewers) ?? [] } : h,
      );
      qc.setQueriesData<TSearchResults>({ queryKey: ['discovery', 'search'] }, (r) =>
        r ? { ...r, live: patch(r.live, streamId, viewers) ?? [] } : r,
      );
    });
    const offStarted = onEvent('global', 'live.started', refetch);
    const offEnded = onEvent('global', 'live.ended', refetch);
    return () => {
      offViewers();
      offStarted();
      offEnded();
    };
  }, [qc]);
}

/** Home's and Explore's first views from the answers the server rendered them with (ADR 0022). */
export function seedDiscovery(qc: QueryClient, answers: Record<string, unknown>) {
  const home = answers['/api/home'] as THome | undefined;
  if (home) qc.setQueryData(discoveryKeys.home, home);
  const live = answers['/api/explore/live'] as { items: TLiveStreamCard[] } | undefined;
  if (live) qc.setQueryData(discoveryKeys.exploreLive({}), live.items);
  const recent = answers['/api/explore/tracks?sort=recent'] as TTrackPage | undefined;
  if (recent) qc.setQueryData(discoveryKeys.tracks({ sort: 'recent' }), { pages: [recent], pageParams: [''] });
}

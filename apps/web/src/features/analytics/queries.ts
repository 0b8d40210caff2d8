import { useQuery } from '@tanstack/react-query';
import type { TAnalyticsOverview, TAnalyticsTrack } from '@wavecast/shared';
import { api } from '../../lib/api';

/** `days=28` or `from=…&to=…`: the range as the API and the page URL both spell it. */
export type RangeParams = { days: number } | { from: string; to: string };

export const rangeQuery = (r: RangeParams) =>
  'days' in r ? `days=${r.days}` : `from=${encodeURIComponent(r.from)}&to=${encodeURIComponent(r.to)}`;

/** The creator's overview; every visit asks for fresh figures (the server rolls up today first). */
export const useAnalyticsOverview = (range: RangeParams) =>
  useQuery({
    queryKey: ['analytics', 'overview', rangeQuery(range)],
    queryFn: () => api<TAnalyticsOverview>(`/api/analytics?${rangeQuery(range)}`),
    retry: false,
    refetchOnMount: 'always',
  });

export const useTrackAnalytics = (trackId: string, range: RangeParams) =>
  useQuery({
    queryKey: ['analytics', 'track', trackId, rangeQuery(range)],
    queryFn: () => api<TAnalyticsTrack>(`/api/analytics/tracks/${encodeURIComponent(trackId)}?${rangeQuery(range)}`),
    retry: false,
    refetchOnMount: 'always',
  });

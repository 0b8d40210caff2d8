import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAutoTranscript,
  TShowSettings,
  TShowSettingsInput,
  TTranscript,
  TTranscriptCorrection,
  TTranscriptHit,
  TTranscriptInput,
} from '@wavecast/shared';
import { api } from '../../lib/api';

const SHOW_KEY = ['podcasts', 'show'] as const;
const transcriptKey = (trackId: string) => ['tracks', trackId, 'transcript'] as const;

export const useShowSettings = () =>
  useQuery({ queryKey: SHOW_KEY, queryFn: () => api<TShowSettings>('/api/podcasts/show') });

export function useSaveShowSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TShowSettingsInput) => api<TShowSettings>('/api/podcasts/show', { method: 'PUT', body }),
    onSuccess: (data) => qc.setQueryData(SHOW_KEY, data),
  });
}

export const useTranscript = (trackId: string | undefined) =>
  useQuery({
    queryKey: transcriptKey(trackId ?? ''),
    enabled: Boolean(trackId),
    queryFn: () => api<{ transcript: TTranscript | null }>(`/api/tracks/${trackId}/transcript`),
  });

export function useSaveTranscript(trackId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TTranscriptInput) =>
      api<TTranscript>(`/api/tracks/${trackId}/transcript`, { method: 'PUT', body }),
    onSuccess: (transcript) => qc.setQueryData(transcriptKey(trackId), { transcript }),
  });
}

/** The creator's corrections of the stored cues (texts at their times, cues deleted). */
export function useCorrectTranscript(trackId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TTranscriptCorrection) =>
      api<TTranscript>(`/api/tracks/${trackId}/transcript`, { method: 'PATCH', body }),
    onSuccess: (transcript) => qc.setQueryData(transcriptKey(trackId), { transcript }),
  });
}

const autoKey = (trackId: string) => ['tracks', trackId, 'transcript', 'auto'] as const;
const generating = (status: TAutoTranscript['status'] | undefined) => status === 'queued' || status === 'running';

/** The owner's view of the automatic transcript; polled while it is being made, the transcript read when done. */
export function useAutoTranscript(trackId: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: autoKey(trackId),
    queryFn: async () => {
      const before = qc.getQueryData<TAutoTranscript>(autoKey(trackId));
      const now = await api<TAutoTranscript>(`/api/tracks/${trackId}/transcript/auto`);
      if (generating(before?.status) && !generating(now.status)) {
        await qc.invalidateQueries({ queryKey: transcriptKey(trackId), exact: true });
      }
      return now;
    },
    refetchInterval: (query) => (generating(query.state.data?.status) ? 5000 : false),
  });
}

export function useGenerateTranscript(trackId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<TAutoTranscript>(`/api/tracks/${trackId}/transcript/auto`, { method: 'POST' }),
    onSuccess: (data) => qc.setQueryData(autoKey(trackId), data),
  });
}

export function useRemoveTranscript(trackId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/api/tracks/${trackId}/transcript`, { method: 'DELETE' }),
    onSuccess: () => qc.setQueryData(transcriptKey(trackId), { transcript: null }),
  });
}

export const useTranscriptSearch = (q: string, enabled = true) =>
  useQuery({
    queryKey: ['search', 'transcripts', q],
    enabled: enabled && q.trim().length >= 2,
    queryFn: () => api<{ items: TTranscriptHit[] }>(`/api/search/transcripts?q=${encodeURIComponent(q)}`),
  });

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TShowSettings,
  TShowSettingsInput,
  TTranscript,
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

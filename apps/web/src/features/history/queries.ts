import { useQuery } from '@tanstack/react-query';
import type { TContinueItem, THistoryItem } from '@wavecast/shared';
import { api } from '../../lib/api';
import { useSession } from '../auth/session';

export const historyKeys = {
  recent: (userId: string) => ['history', 'recent', userId] as const,
  continue: (userId: string) => ['history', 'continue', userId] as const,
};

export function useRecentlyPlayed() {
  const { user } = useSession();
  return useQuery({
    queryKey: historyKeys.recent(user?.id ?? ''),
    queryFn: () => api<{ items: THistoryItem[] }>('/api/me/history'),
    enabled: !!user,
    staleTime: 15_000,
  });
}

export function useContinueListening() {
  const { user } = useSession();
  return useQuery({
    queryKey: historyKeys.continue(user?.id ?? ''),
    queryFn: () => api<{ items: TContinueItem[] }>('/api/me/positions'),
    enabled: !!user,
    staleTime: 15_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { TLibrary } from '@wavecast/shared';
import { api } from '../../lib/api';
import { useSession } from '../auth/session';

export const libraryKeys = { mine: (userId: string) => ['library', userId] as const };

/** Figures, shelves and recent activity of Your Library; refetched on every visit (they move with listening). */
export function useLibrary() {
  const { user } = useSession();
  return useQuery({
    queryKey: libraryKeys.mine(user?.id ?? ''),
    queryFn: () => api<TLibrary>('/api/me/library'),
    enabled: !!user,
    staleTime: 0,
  });
}

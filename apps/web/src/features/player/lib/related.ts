import type { TRelatedList, TTrack } from '@wavecast/shared';
import { api } from '../../../lib/api';

/**
 * The track to play after `track` when the queue has ended (GET /api/tracks/:id/related), or null
 * (also when the signed-in listener turned autoplay off: the server applies the setting).
 */
export async function fetchRelated(track: TTrack, exclude: string[]): Promise<TTrack | null> {
  try {
    const q = new URLSearchParams({ limit: '1', autoplay: '1', exclude: exclude.join(',') });
    const res = await api<TRelatedList>(`/api/tracks/${encodeURIComponent(track.id)}/related?${q}`);
    return res.items[0] ?? null;
  } catch {
    return null;
  }
}

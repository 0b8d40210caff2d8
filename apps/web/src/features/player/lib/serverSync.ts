import type { TPlayResult, TPositionResult } from '@wavecast/shared';
import { api } from '../../../lib/api';

/** Tells the server a play reached the listening threshold; the server decides whether it counts. */
export async function reportPlay(trackId: string, secondsListened: number): Promise<TPlayResult | null> {
  try {
    return await api<TPlayResult>('/api/plays', {
      method: 'POST',
      body: { trackId, secondsListened: Math.round(secondsListened * 10) / 10 },
    });
  } catch {
    return null;
  }
}

/** Saves the resume position of a long track; keepalive lets it finish while the page unloads. */
export async function savePosition(trackId: string, positionSeconds: number): Promise<void> {
  try {
    await api(`/api/me/positions/${encodeURIComponent(trackId)}`, {
      method: 'PUT',
      body: { positionSeconds: Math.max(0, Math.round(positionSeconds * 10) / 10) },
      keepalive: true,
    });
  } catch {
    // A missed save only costs a few seconds of resume accuracy.
  }
}

export async function fetchPosition(trackId: string): Promise<number | null> {
  try {
    const res = await api<TPositionResult>(`/api/me/positions/${encodeURIComponent(trackId)}`);
    return res?.positionSeconds ?? null;
  } catch {
    return null;
  }
}

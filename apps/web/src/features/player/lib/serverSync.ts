import type { TListenReport, TPlayResult, TPositionResult } from '@wavecast/shared';
import { api } from '../../../lib/api';

/**
 * Reports listening: the seconds heard (the server decides whether a play counts) and, with
 * `listen`, the 5-second buckets heard since the last report. On page hide (`beacon`) it goes with
 * navigator.sendBeacon as text/plain JSON, which survives the page going away.
 */
export async function reportPlay(
  trackId: string,
  secondsListened: number,
  listen?: TListenReport,
  opts?: { beacon?: boolean },
): Promise<TPlayResult | null> {
  const body = { trackId, secondsListened: Math.round(secondsListened * 10) / 10, ...(listen ? { listen } : {}) };
  if (opts?.beacon && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    const blob = new Blob([JSON.stringify(body)], { type: 'text/plain;charset=UTF-8' });
    if (navigator.sendBeacon('/api/plays', blob)) return null;
  }
  try {
    return await api<TPlayResult>('/api/plays', { method: 'POST', body, keepalive: opts?.beacon === true });
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

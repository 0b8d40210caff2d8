import type { TRoomPlayback } from '@wavecast/shared';

/** The room's playback as stored: media position `positionMs` held at server time `at` (epoch ms). */
export interface PlaybackState {
  itemId: string | null;
  trackId: string | null;
  status: 'playing' | 'paused' | 'idle';
  positionMs: number;
  at: number;
  version: number;
}

/**
 * Which status may follow which (the host's controls and the queue's end). `idle` is "nothing
 * loaded"; play from idle loads the first item. Enforced by `transition` before any write.
 */
export const PLAYBACK_TRANSITIONS: Record<PlaybackState['status'], PlaybackState['status'][]> = {
  idle: ['playing', 'paused', 'idle'],
  playing: ['paused', 'playing', 'idle'],
  paused: ['playing', 'paused', 'idle'],
};

/** Where the media stands at server time `now` (never before 0, never past `durationMs` if given). */
export function positionAt(p: PlaybackState, now: number, durationMs?: number): number {
  const raw = p.status === 'playing' ? p.positionMs + (now - p.at) : p.positionMs;
  const clamped = Math.max(0, raw);
  return durationMs !== undefined ? Math.min(clamped, durationMs) : clamped;
}

function transition(p: PlaybackState, next: Omit<PlaybackState, 'version'>): PlaybackState {
  if (!PLAYBACK_TRANSITIONS[p.status].includes(next.status)) {
    throw new Error(`Playback cannot go from ${p.status} to ${next.status}`);
  }
  return { ...next, version: p.version + 1 };
}

export const play = (p: PlaybackState, now: number): PlaybackState =>
  p.status === 'playing' ? p : transition(p, { ...p, status: 'playing', at: now });

export const pause = (p: PlaybackState, now: number): PlaybackState =>
  p.status !== 'playing' ? p : transition(p, { ...p, status: 'paused', positionMs: positionAt(p, now), at: now });

export const seek = (p: PlaybackState, now: number, positionMs: number): PlaybackState =>
  transition(p, { ...p, status: p.status === 'idle' ? 'paused' : p.status, positionMs, at: now });

/** Loads an item from its start, playing from `startAt` (now, or a premiere's future instant). */
export const load = (
  p: PlaybackState,
  item: { id: string; trackId: string } | null,
  startAt: number,
  status: 'playing' | 'paused' = 'playing',
): PlaybackState =>
  item
    ? transition(p, { itemId: item.id, trackId: item.trackId, status, positionMs: 0, at: startAt })
    : transition(p, { itemId: null, trackId: null, status: 'idle', positionMs: 0, at: startAt });

export const present = (p: PlaybackState): TRoomPlayback => ({ ...p });

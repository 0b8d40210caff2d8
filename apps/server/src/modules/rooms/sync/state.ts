import { type PlaybackSchedule, positionAt, readyKey, SYNC } from '@wavecast/shared';

/**
 * A room's authoritative playback state and its transitions (ADR 0057), pure: every function takes
 * the time and returns a new state. The service replicates the result between processes.
 */
export interface RoomSyncState {
  roomId: string;
  schedule: PlaybackSchedule;
  /** The process that made this decision (ties between equal revisions go to the greater). */
  origin: string;
  /** The group wait under way: members ready for `key` are waited for until `deadline`. */
  wait: { key: string; startedAt: number; deadline: number; coordinator: string } | null;
}

export type RoomPhase = 'empty' | 'paused' | 'waiting' | 'playing';
export type RoomAction = 'load' | 'play' | 'pause' | 'seek' | 'skip' | 'commit' | 'startAt';

/** Which action leads where from each phase; a missing entry is refused (a no-op for the caller). */
export const ROOM_TRANSITIONS: Record<RoomPhase, Partial<Record<RoomAction, RoomPhase>>> = {
  empty: { load: 'paused', skip: 'waiting', startAt: 'playing' },
  paused: { load: 'paused', play: 'waiting', seek: 'paused', skip: 'waiting', pause: 'paused', startAt: 'playing' },
  waiting: {
    load: 'paused',
    play: 'waiting',
    pause: 'paused',
    seek: 'waiting',
    skip: 'waiting',
    commit: 'playing',
    startAt: 'playing',
  },
  playing: { load: 'paused', play: 'playing', pause: 'paused', seek: 'waiting', skip: 'waiting', startAt: 'playing' },
};

export function phaseOf(state: RoomSyncState): RoomPhase {
  const s = state.schedule;
  if (s.itemId === null) return 'empty';
  if (!s.paused) return 'playing';
  return s.waiting ? 'waiting' : 'paused';
}

export function canDo(state: RoomSyncState, action: RoomAction): boolean {
  return ROOM_TRANSITIONS[phaseOf(state)][action] !== undefined;
}

/** Orders two decisions of one room: the newer revision, then the greater origin. */
export function isNewer(a: RoomSyncState, than: RoomSyncState | undefined): boolean {
  if (!than) return true;
  if (a.schedule.revision !== than.schedule.revision) return a.schedule.revision > than.schedule.revision;
  return a.origin > than.origin;
}

export interface QueueItem {
  itemId: string;
  durationMs: number | null;
}

interface Ctx {
  now: number;
  origin: string;
}

function next(
  state: RoomSyncState,
  ctx: Ctx,
  schedule: Omit<PlaybackSchedule, 'revision' | 'rate'> & { rate?: number },
): RoomSyncState {
  const made: PlaybackSchedule = { rate: 1, ...schedule, revision: state.schedule.revision + 1 };
  const wait = made.waiting
    ? { key: readyKey(made), startedAt: ctx.now, deadline: ctx.now + SYNC.stallDropMs, coordinator: ctx.origin }
    : null;
  return { roomId: state.roomId, schedule: made, origin: ctx.origin, wait };
}

/** A new item, paused at its start (members load it and get ready). */
export function load(state: RoomSyncState, ctx: Ctx, item: QueueItem): RoomSyncState {
  return next(state, ctx, { ...item, startAt: ctx.now, positionAtStart: 0, paused: true, waiting: false });
}

/** Play from where the room stands: a group wait, committed at once when everyone is ready. */
export function play(state: RoomSyncState, ctx: Ctx): RoomSyncState {
  if (phaseOf(state) !== 'paused') return state;
  const s = state.schedule;
  return next(state, ctx, { ...s, startAt: ctx.now, paused: true, waiting: true });
}

export function pause(state: RoomSyncState, ctx: Ctx): RoomSyncState {
  const phase = phaseOf(state);
  if (phase === 'empty' || phase === 'paused') return state;
  const s = state.schedule;
  const at = positionAt(s, ctx.now);
  return next(state, ctx, { ...s, startAt: ctx.now, positionAtStart: at, paused: true, waiting: false });
}

/** A new position: paused stays paused there; playing waits for the group there, then goes on. */
export function seek(state: RoomSyncState, ctx: Ctx, positionMs: number): RoomSyncState {
  const phase = phaseOf(state);
  if (phase === 'empty') return state;
  const s = state.schedule;
  const max = s.durationMs ?? Number.POSITIVE_INFINITY;
  const to = Math.min(Math.max(0, positionMs), max);
  const keepsPlaying = phase !== 'paused';
  return next(state, ctx, { ...s, startAt: ctx.now, positionAtStart: to, paused: true, waiting: keepsPlaying });
}

/** The next item, played from its start after the group wait (null: the queue is over). */
export function skip(state: RoomSyncState, ctx: Ctx, item: QueueItem | null): RoomSyncState {
  if (!item)
    return next(state, ctx, {
      itemId: null,
      durationMs: null,
      startAt: ctx.now,
      positionAtStart: 0,
      paused: true,
      waiting: false,
    });
  return next(state, ctx, { ...item, startAt: ctx.now, positionAtStart: 0, paused: true, waiting: true });
}

/** The wait is over: everyone starts together `startLeadMs` from now. */
export function commit(state: RoomSyncState, ctx: Ctx): RoomSyncState {
  if (phaseOf(state) !== 'waiting') return state;
  const s = state.schedule;
  return next(state, ctx, { ...s, startAt: ctx.now + SYNC.startLeadMs, paused: false, waiting: false });
}

/**
 * An item that starts at a set server instant for everyone, without a group wait (a premiere:
 * every listener starts from the same instant; a member not ready by then joins late, in step).
 */
export function startAt(state: RoomSyncState, ctx: Ctx, item: QueueItem, at: number): RoomSyncState {
  return next(state, ctx, { ...item, startAt: at, positionAtStart: 0, paused: false, waiting: false });
}

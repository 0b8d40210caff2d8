import type { TTrack } from '@wavecast/shared';

/** How many earlier tracks "previous" can go back to (and how many survive a reload). */
export const HISTORY_LIMIT = 50;
/** Within this many seconds of the start, "previous" goes to the previous track instead of restarting. */
export const RESTART_THRESHOLD_SECONDS = 3;

export interface QueueState {
  current: TTrack | null;
  /** Up next, front first. */
  queue: TTrack[];
  /** Tracks played before the current one, most recent last. */
  history: TTrack[];
}

export type QueueAction =
  | { type: 'play'; track: TTrack }
  | { type: 'add'; track: TTrack }
  | { type: 'remove'; id: string }
  | { type: 'move'; from: number; to: number }
  | { type: 'clear' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'replace'; track: TTrack };

export const emptyQueueState: QueueState = { current: null, queue: [], history: [] };

function pushHistory(history: TTrack[], track: TTrack | null): TTrack[] {
  if (!track) return history;
  return [...history, track].slice(-HISTORY_LIMIT);
}

/** The pure rules of the current track and the queue (the spec's player transitions). */
export function queueReducer(state: QueueState, action: QueueAction): QueueState {
  switch (action.type) {
    case 'play': {
      if (state.current?.id === action.track.id) return { ...state, current: action.track };
      return {
        current: action.track,
        // A track started directly leaves the queue if it was waiting there.
        queue: state.queue.filter((t) => t.id !== action.track.id),
        history: pushHistory(state.history, state.current),
      };
    }
    case 'add': {
      // A track is queued once: removing "by id" must remove exactly that entry.
      if (state.queue.some((t) => t.id === action.track.id)) return state;
      return { ...state, queue: [...state.queue, action.track] };
    }
    case 'remove': {
      const queue = state.queue.filter((t) => t.id !== action.id);
      return queue.length === state.queue.length ? state : { ...state, queue };
    }
    case 'move': {
      const { from, to } = action;
      const n = state.queue.length;
      if (from < 0 || from >= n || to < 0 || to >= n || from === to) return state;
      const queue = [...state.queue];
      const [moved] = queue.splice(from, 1);
      queue.splice(to, 0, moved as TTrack);
      return { ...state, queue };
    }
    case 'clear':
      return state.queue.length === 0 ? state : { ...state, queue: [] };
    case 'next': {
      const [front, ...rest] = state.queue;
      if (!front) return state;
      return { current: front, queue: rest, history: pushHistory(state.history, state.current) };
    }
    case 'previous': {
      const prev = state.history.at(-1);
      if (!prev) return state;
      return {
        current: prev,
        // The track we leave goes back to the front, so "next" returns to it.
        queue: state.current ? [state.current, ...state.queue.filter((t) => t.id !== state.current?.id)] : state.queue,
        history: state.history.slice(0, -1),
      };
    }
    case 'replace':
      // Fresher data for a track we hold (e.g. like count), wherever it is.
      return {
        current: state.current?.id === action.track.id ? action.track : state.current,
        queue: state.queue.map((t) => (t.id === action.track.id ? action.track : t)),
        history: state.history.map((t) => (t.id === action.track.id ? action.track : t)),
      };
  }
}

/** "Previous": restart the current track unless we are near its start and there is an earlier one. */
export function previousAction(currentTime: number, hasHistory: boolean): 'restart' | 'previous' {
  return currentTime > RESTART_THRESHOLD_SECONDS || !hasHistory ? 'restart' : 'previous';
}

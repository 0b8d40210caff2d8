import type { TTrack } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { emptyQueueState, HISTORY_LIMIT, previousAction, type QueueState, queueReducer } from './queue';

const track = (id: string): TTrack =>
  ({
    id,
    title: `Track ${id}`,
    audioUrl: `/api/tracks/${id}/stream`,
    creator: { id: 'c', displayName: 'C', avatarUrl: null },
  }) as TTrack;
const ids = (ts: TTrack[]) => ts.map((t) => t.id);
const run = (state: QueueState, ...actions: Parameters<typeof queueReducer>[1][]) =>
  actions.reduce(queueReducer, state);

describe('queueReducer', () => {
  it('play sets the current track and remembers the one before', () => {
    const s = run(emptyQueueState, { type: 'play', track: track('a') }, { type: 'play', track: track('b') });
    expect(s.current?.id).toBe('b');
    expect(ids(s.history)).toEqual(['a']);
    // Playing the current track again changes nothing else.
    const again = queueReducer(s, { type: 'play', track: track('b') });
    expect(ids(again.history)).toEqual(['a']);
  });

  it('playing a queued track takes it out of the queue', () => {
    const s = run(
      emptyQueueState,
      { type: 'add', track: track('a') },
      { type: 'add', track: track('b') },
      { type: 'play', track: track('b') },
    );
    expect(ids(s.queue)).toEqual(['a']);
    expect(s.current?.id).toBe('b');
  });

  it('add appends once per id; remove by id; clear', () => {
    let s = run(
      emptyQueueState,
      { type: 'add', track: track('a') },
      { type: 'add', track: track('b') },
      { type: 'add', track: track('a') },
    );
    expect(ids(s.queue)).toEqual(['a', 'b']);
    s = queueReducer(s, { type: 'remove', id: 'a' });
    expect(ids(s.queue)).toEqual(['b']);
    expect(queueReducer(s, { type: 'remove', id: 'zzz' })).toBe(s);
    s = queueReducer(s, { type: 'clear' });
    expect(s.queue).toEqual([]);
  });

  it('move reorders and ignores out-of-range moves', () => {
    const s = run(emptyQueueState, ...['a', 'b', 'c', 'd'].map((id) => ({ type: 'add' as const, track: track(id) })));
    expect(ids(queueReducer(s, { type: 'move', from: 0, to: 2 }).queue)).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(queueReducer(s, { type: 'move', from: 3, to: 0 }).queue)).toEqual(['d', 'a', 'b', 'c']);
    expect(queueReducer(s, { type: 'move', from: 0, to: 4 })).toBe(s);
    expect(queueReducer(s, { type: 'move', from: -1, to: 0 })).toBe(s);
  });

  it('next plays the front of the queue and removes it from the queue', () => {
    let s = run(
      emptyQueueState,
      { type: 'play', track: track('a') },
      { type: 'add', track: track('b') },
      { type: 'add', track: track('c') },
    );
    s = queueReducer(s, { type: 'next' });
    expect(s.current?.id).toBe('b');
    expect(ids(s.queue)).toEqual(['c']);
    expect(ids(s.history)).toEqual(['a']);
    s = queueReducer(s, { type: 'next' });
    expect(s.current?.id).toBe('c');
    expect(s.queue).toEqual([]);
    // Nothing queued: next does nothing.
    expect(queueReducer(s, { type: 'next' })).toBe(s);
  });

  it('previous goes back and puts the left track at the queue front', () => {
    let s = run(
      emptyQueueState,
      { type: 'play', track: track('a') },
      { type: 'play', track: track('b') },
      { type: 'add', track: track('c') },
    );
    s = queueReducer(s, { type: 'previous' });
    expect(s.current?.id).toBe('a');
    expect(ids(s.queue)).toEqual(['b', 'c']);
    expect(s.history).toEqual([]);
    expect(queueReducer(s, { type: 'previous' })).toBe(s);
  });

  it('keeps a bounded history', () => {
    let s = emptyQueueState;
    for (let i = 0; i < HISTORY_LIMIT + 10; i++) s = queueReducer(s, { type: 'play', track: track(String(i)) });
    expect(s.history).toHaveLength(HISTORY_LIMIT);
    expect(s.history.at(-1)?.id).toBe(String(HISTORY_LIMIT + 8));
  });

  it('replace refreshes a track wherever it is held', () => {
    const s = run(emptyQueueState, { type: 'play', track: track('a') }, { type: 'add', track: track('b') });
    const fresh = { ...track('b'), likeCount: 9 };
    expect(queueReducer(s, { type: 'replace', track: fresh }).queue[0]?.likeCount).toBe(9);
  });
});

describe('previousAction', () => {
  it('restarts after 3 seconds, goes back near the start when there is an earlier track', () => {
    expect(previousAction(3.1, true)).toBe('restart');
    expect(previousAction(42, true)).toBe('restart');
    expect(previousAction(3, true)).toBe('previous');
    expect(previousAction(0.5, true)).toBe('previous');
    expect(previousAction(0.5, false)).toBe('restart');
  });
});

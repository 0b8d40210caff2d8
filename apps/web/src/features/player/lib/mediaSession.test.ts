import type { TTrack } from '@wavecast/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  bindMediaSession,
  MEDIA_SESSION_ACTIONS,
  type MediaSessionLike,
  setMediaMetadata,
  setMediaPosition,
} from './mediaSession';

function fakeSession(unsupported: string[] = []) {
  const handlers = new Map<string, MediaSessionActionHandler | null>();
  const session: MediaSessionLike & { positions: MediaPositionState[] } = {
    metadata: null,
    positions: [],
    setActionHandler(action, handler) {
      if (unsupported.includes(action)) throw new TypeError(`${action} is not supported`);
      handlers.set(action, handler);
    },
    setPositionState(state) {
      if (state) session.positions.push(state);
    },
  };
  return { session, handlers };
}

const controls = () => ({
  play: vi.fn(),
  pause: vi.fn(),
  seekTo: vi.fn(),
  seekBy: vi.fn(),
  next: vi.fn(),
  previous: vi.fn(),
});

const fire = (
  h: Map<string, MediaSessionActionHandler | null>,
  action: MediaSessionAction,
  details: Partial<MediaSessionActionDetails> = {},
) => h.get(action)?.({ action, ...details } as MediaSessionActionDetails);

describe('bindMediaSession', () => {
  it('wires every lock-screen action to the player', () => {
    const { session, handlers } = fakeSession();
    const c = controls();
    bindMediaSession(session, c);
    expect([...handlers.keys()].sort()).toEqual([...MEDIA_SESSION_ACTIONS].sort());

    fire(handlers, 'play');
    fire(handlers, 'pause');
    fire(handlers, 'nexttrack');
    fire(handlers, 'previoustrack');
    fire(handlers, 'seekto', { seekTime: 42 });
    fire(handlers, 'seekforward');
    fire(handlers, 'seekbackward', { seekOffset: 15 });
    expect(c.play).toHaveBeenCalledTimes(1);
    expect(c.pause).toHaveBeenCalledTimes(1);
    expect(c.next).toHaveBeenCalledTimes(1);
    expect(c.previous).toHaveBeenCalledTimes(1);
    expect(c.seekTo).toHaveBeenCalledWith(42);
    expect(c.seekBy.mock.calls).toEqual([[5], [-15]]);
  });

  it('ignores a seekto without a time', () => {
    const { session, handlers } = fakeSession();
    const c = controls();
    bindMediaSession(session, c);
    fire(handlers, 'seekto');
    expect(c.seekTo).not.toHaveBeenCalled();
  });

  it('survives browsers that reject some actions, and unbinds everything', () => {
    const { session, handlers } = fakeSession(['seekto']);
    const c = controls();
    const unbind = bindMediaSession(session, c);
    expect(handlers.has('seekto')).toBe(false);
    fire(handlers, 'play');
    expect(c.play).toHaveBeenCalled();
    unbind();
    expect([...handlers.values()].every((h) => h === null)).toBe(true);
  });
});

describe('metadata and position', () => {
  const track = {
    id: 't1',
    title: 'Morning Meditation',
    coverUrl: '/api/tracks/t1/cover?v=1',
    creator: { id: 'u', displayName: 'Calm Collective', avatarUrl: null },
  } as TTrack;

  it('sets title, the creator as artist and absolute artwork', () => {
    const { session } = fakeSession();
    setMediaMetadata(session, track, 'https://wave.example');
    expect(session.metadata).toMatchObject({
      title: 'Morning Meditation',
      artist: 'Calm Collective',
      artwork: [{ src: 'https://wave.example/api/tracks/t1/cover?v=1' }],
    });
    setMediaMetadata(session, null, 'https://wave.example');
    expect(session.metadata).toBeNull();
  });

  it('reports a clamped position and skips unknown durations', () => {
    const { session } = fakeSession();
    setMediaPosition(session, 100, 150, 1.5);
    setMediaPosition(session, Number.NaN, 10, 1);
    expect(session.positions).toEqual([{ duration: 100, position: 100, playbackRate: 1.5 }]);
  });
});

// @vitest-environment happy-dom
import type { TTrack } from '@wavecast/shared';
import { describe, expect, it, vi } from 'vitest';
import { PlayerEngine, type PlayerEnv } from './engine';
import { defaultSavedPlayer } from './lib/persistence';

const track = (n: number): TTrack => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Track ${n}`,
  description: null,
  coverUrl: '/cover.png',
  audioUrl: `/api/tracks/${n}/stream`,
  downloadUrl: null,
  peaksUrl: null,
  duration: 180,
  category: 'Music',
  tags: [],
  isPublic: true,
  allowDownloads: false,
  playCount: 0,
  likeCount: 0,
  chapterMarkers: [],
  status: 'ready',
  gainDb: null,
  createdAt: new Date(0).toISOString(),
  creator: { id: 'creator', displayName: 'Ada', avatarUrl: null },
  hd: false,
});

/** An engine over a real (happy-dom) element whose playback is stubbed, and `related` answering `next`. */
function setup(next: TTrack | null) {
  const audio = document.createElement('audio');
  audio.play = () => Promise.resolve();
  audio.load = () => {};
  const related = vi.fn(async () => next);
  const env: PlayerEnv = {
    window,
    mediaSession: null,
    origin: 'http://localhost',
    save: () => {},
    server: { reportPlay: async () => null, savePosition: async () => {}, fetchPosition: async () => null },
    hasUserActivation: () => true,
    notifyError: () => {},
    loudness: null,
    related,
  };
  const engine = new PlayerEngine(audio, { ...defaultSavedPlayer }, env);
  engine.start();
  const end = () => {
    Object.defineProperty(audio, 'ended', { value: true, configurable: true });
    audio.dispatchEvent(new Event('ended'));
  };
  return { engine, related, end };
}

describe('autoplay of related tracks when the queue ends', () => {
  it('asks for a track related to the one that ended (not those just played) and plays it', async () => {
    const { engine, related, end } = setup(track(9));
    engine.play(track(1));
    engine.play(track(2));
    end();
    await vi.waitFor(() => expect(engine.state.current?.id).toBe(track(9).id));
    expect(related).toHaveBeenCalledWith(track(2), [track(1).id, track(2).id]);
  });

  it('does nothing while tracks are queued, when turned off, or when nothing is related', async () => {
    const queued = setup(track(9));
    queued.engine.play(track(1));
    queued.engine.addToQueue(track(3));
    queued.end();
    expect(queued.related).not.toHaveBeenCalled();
    expect(queued.engine.state.current?.id).toBe(track(3).id);

    const off = setup(track(9));
    off.engine.setAutoplayRelated(false);
    off.engine.play(track(1));
    off.end();
    expect(off.related).not.toHaveBeenCalled();

    const none = setup(null);
    none.engine.play(track(1));
    none.end();
    await vi.waitFor(() => expect(none.related).toHaveBeenCalled());
    await Promise.resolve();
    expect(none.engine.state.current?.id).toBe(track(1).id);
  });
});

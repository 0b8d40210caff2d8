import type { TPlayResult, TTrack } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { PlayerEngine, type PlayerEnv } from './engine';
import { defaultSavedPlayer } from './lib/persistence';

/** The parts of an <audio> element the engine uses; the test moves its clock and fires its events. */
class FakeAudio extends EventTarget {
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  seeking = false;
  ended = false;
  error = null;
  volume = 1;
  muted = false;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  private attrs = new Map<string, string>();
  set src(v: string) {
    this.attrs.set('src', v);
  }
  getAttribute(name: string) {
    return this.attrs.get(name) ?? null;
  }
  removeAttribute(name: string) {
    this.attrs.delete(name);
  }
  load() {}
  canPlayType() {
    return '';
  }
  async play() {
    this.paused = false;
    this.dispatchEvent(new Event('play'));
  }
  pause() {
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  /** Plays on to `t` in steps of a quarter second, as the browser's timeupdate does. */
  playTo(t: number) {
    while (this.currentTime < t - 1e-9) {
      this.currentTime = Math.min(t, this.currentTime + 0.25);
      this.dispatchEvent(new Event('timeupdate'));
    }
  }
}

const track = (n: number, duration = 180): TTrack => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Track ${n}`,
  description: null,
  coverUrl: '/cover.png',
  audioUrl: `/api/tracks/${n}/stream`,
  downloadUrl: null,
  peaksUrl: null,
  duration,
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
  creator: { id: '00000000-0000-4000-8000-0000000000aa', displayName: 'Ada', avatarUrl: null },
  hd: false,
});

function setup(answer: TPlayResult | null) {
  const audio = new FakeAudio();
  const reports: number[] = [];
  const env: PlayerEnv = {
    window: { addEventListener() {}, removeEventListener() {}, setInterval: () => 0, clearInterval() {} } as never,
    mediaSession: null,
    origin: 'http://localhost',
    save() {},
    server: {
      reportPlay: async (_id, seconds) => {
        reports.push(seconds);
        return seconds > 0 ? answer : null;
      },
      savePosition: async () => {},
      fetchPosition: async () => null,
    },
    hasUserActivation: () => true,
    notifyError() {},
    loudness: null,
  };
  const engine = new PlayerEngine(audio as unknown as HTMLAudioElement, defaultSavedPlayer, env);
  engine.setSignedIn(true);
  engine.start();
  return { audio, engine, reports };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('listening progress towards a counted play', () => {
  it('counts whole seconds heard up to the threshold, then shows the server counted it', async () => {
    const { audio, engine, reports } = setup({ counted: true, playCount: 1 });
    engine.play(track(1));
    await settle();
    expect(engine.getListen()).toEqual({ trackId: track(1).id, heard: 0, threshold: 30, outcome: 'listening' });
    audio.playTo(12.6);
    expect(engine.getListen()).toMatchObject({ heard: 12, outcome: 'listening' });
    // A jump ahead (a chapter, a seek) is not listening: the count stays.
    audio.currentTime = 100;
    audio.dispatchEvent(new Event('seeking'));
    audio.playTo(101);
    expect(engine.getListen()?.heard).toBe(13);
    audio.playTo(118);
    expect(engine.getListen()?.outcome).toBe('reporting');
    await settle();
    expect(engine.getListen()).toMatchObject({ heard: 30, threshold: 30, outcome: 'counted' });
    expect(reports.at(-1)).toBeGreaterThanOrEqual(30);
  });

  it('says when the server did not count it again (already counted in the window)', async () => {
    const { audio, engine } = setup({ counted: false, playCount: 4 });
    engine.play(track(1, 20));
    await settle();
    expect(engine.getListen()?.threshold).toBe(10);
    audio.playTo(10.5);
    await settle();
    expect(engine.getListen()?.outcome).toBe('already');
  });

  it('publishes only when a whole second more is heard', async () => {
    const { audio, engine } = setup(null);
    let notified = 0;
    engine.subscribeListen(() => notified++);
    engine.play(track(1));
    await settle();
    notified = 0;
    // The first timeupdate only starts the span: 5.25 s of media is 5 s heard, 20 updates.
    audio.playTo(5.25);
    expect(engine.getListen()?.heard).toBe(5);
    expect(notified).toBe(5);
  });
});

describe('sleep timer', () => {
  it('"end of track" stops at the end and holds the queue; without it the queue goes on', async () => {
    const { audio, engine } = setup(null);
    engine.play(track(1));
    engine.addToQueue(track(2));
    engine.setSleepTimer('endOfTrack');
    expect(engine.getState().sleep).toEqual({ endOfTrack: true });
    audio.dispatchEvent(new Event('ended'));
    expect(engine.getState().current?.id).toBe(track(1).id);
    expect(engine.getState().queue).toHaveLength(1);
    expect(engine.getState().sleep).toBeNull();
    audio.dispatchEvent(new Event('ended'));
    expect(engine.getState().current?.id).toBe(track(2).id);
  });
});

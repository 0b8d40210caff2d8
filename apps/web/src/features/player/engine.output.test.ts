// @vitest-environment happy-dom
import type { TTrack } from '@wavecast/shared';
import { describe, expect, it, vi } from 'vitest';
import { type LiveOutputClaim, PlayerEngine, type PlayerEnv } from './engine';

const track = (n: number) =>
  ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title: `Track ${n}`,
    audioUrl: `/api/tracks/${n}/stream`,
    duration: 180,
    chapterMarkers: [],
    gainDb: null,
    hd: false,
    creator: { id: 'c', displayName: 'Ada', avatarUrl: null },
  }) as unknown as TTrack;

/** An <audio> whose play/pause behave as the browser's do (events, `paused`), without decoding. */
function fakeAudio() {
  const audio = document.createElement('audio');
  let paused = true;
  Object.defineProperty(audio, 'paused', { get: () => paused });
  audio.play = async () => {
    if (!paused) return;
    paused = false;
    audio.dispatchEvent(new Event('play'));
  };
  audio.pause = () => {
    if (paused) return;
    paused = true;
    audio.dispatchEvent(new Event('pause'));
  };
  return audio;
}

function setup(preroll?: PlayerEnv['preroll']) {
  const audio = fakeAudio();
  const cancelPreroll = vi.fn();
  const env: PlayerEnv = {
    window,
    mediaSession: null,
    origin: 'http://wave.test',
    save: () => {},
    server: {
      reportPlay: async () => {},
      savePosition: async () => {},
      fetchPosition: async () => null,
    } as unknown as PlayerEnv['server'],
    hasUserActivation: () => true,
    notifyError: () => {},
    loudness: null,
    preroll,
    cancelPreroll,
  };
  const engine = new PlayerEngine(
    audio,
    { current: null, queue: [], history: [], position: 0, volume: 1, muted: false, rate: 1 },
    env,
  );
  engine.start();
  return { engine, audio, cancelPreroll };
}

/** A live stream's claim whose `stop` does what the live player's does: it stops playing. */
function liveClaim(title = 'Morning Show') {
  const claim: LiveOutputClaim & { playing: boolean } = {
    title,
    playing: true,
    stop: () => {
      claim.playing = false;
    },
  };
  return claim;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the one audio output (ADR 0049)', () => {
  it('a live stream silences the playing track, and the state names the stream', async () => {
    const { engine, audio } = setup();
    engine.play(track(1));
    await flush();
    expect(audio.paused).toBe(false);
    const live = liveClaim();
    engine.claimOutput(live);
    expect(audio.paused).toBe(true);
    expect(engine.state.playing).toBe(false);
    expect(engine.state.live).toEqual({ title: 'Morning Show' });
  });

  it('resuming the track stops the live stream holding the output', async () => {
    const { engine, audio } = setup();
    engine.play(track(1));
    await flush();
    const live = liveClaim();
    engine.claimOutput(live);
    engine.resume();
    await flush();
    expect(live.playing).toBe(false);
    expect(audio.paused).toBe(false);
    expect(engine.state.live).toBeNull();
  });

  it('the track element starting by any path (media keys) stops the stream too', async () => {
    const { engine, audio } = setup();
    engine.play(track(1));
    await flush();
    const live = liveClaim();
    engine.claimOutput(live);
    await audio.play();
    expect(live.playing).toBe(false);
    expect(engine.state.live).toBeNull();
  });

  it('a listening room holds it under its own label; the track taking it back stops the room', async () => {
    const { engine, audio } = setup();
    engine.play(track(1));
    await flush();
    const room = liveClaim('Friday Room');
    room.label = 'Listening room';
    engine.claimOutput(room);
    expect(audio.paused).toBe(true);
    expect(engine.state.live).toEqual({ title: 'Friday Room', label: 'Listening room' });
    engine.resume();
    await flush();
    expect(room.playing).toBe(false);
    expect(engine.state.live).toBeNull();
  });

  it('a second stream takes the output from the first', () => {
    const { engine } = setup();
    const a = liveClaim('A');
    const b = liveClaim('B');
    engine.claimOutput(a);
    engine.claimOutput(b);
    expect(a.playing).toBe(false);
    expect(b.playing).toBe(true);
    expect(engine.state.live).toEqual({ title: 'B' });
    // The first stream's page closing later does not free the second's output.
    engine.releaseOutput(a);
    expect(engine.state.live).toEqual({ title: 'B' });
    engine.releaseOutput(b);
    expect(engine.state.live).toBeNull();
  });

  it('a stream taking the output during the track pre-roll ends the ad, and the track does not start after it', async () => {
    let endAd: () => void = () => {};
    const { engine, audio, cancelPreroll } = setup(() => new Promise<void>((r) => (endAd = r)));
    engine.play(track(2));
    await flush();
    expect(audio.paused).toBe(true);
    engine.claimOutput(liveClaim());
    expect(cancelPreroll).toHaveBeenCalledOnce();
    endAd();
    await flush();
    await flush();
    expect(audio.paused).toBe(true);
    expect(engine.state.playing).toBe(false);
  });
});

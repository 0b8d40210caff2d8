// @vitest-environment happy-dom
import type { TTrack } from '@wavecast/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveOutputClaim, PlayerEnv } from './engine';
import * as engineModule from './engine';
import { LazyPlayer } from './lazy-player';
import { defaultSavedPlayer, type SavedPlayer } from './lib/persistence';

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
  audio.dataset.testid = 'player-audio';
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
};

/** A lazy player whose engine code arrives when the test says so. */
function setup(saved: SavedPlayer = defaultSavedPlayer) {
  let arrive = () => {};
  let loads = 0;
  const loaded = new Promise<typeof engineModule>((resolve) => {
    arrive = () => resolve(engineModule);
  });
  const player = new LazyPlayer(
    saved,
    { build: (m, s) => new m.PlayerEngine(fakeAudio(), s, env), failed: () => {} },
    () => {
      loads++;
      return loaded;
    },
  );
  return { player, arrive, loads: () => loads };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const audioEl = () => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');

let unmount = () => {};
afterEach(() => {
  unmount();
  unmount = () => {};
});

describe('the lazy player (ADR 0078)', () => {
  it('plays nothing and loads nothing until the first command; commands given meanwhile run in order', async () => {
    const { player, arrive, loads } = setup();
    unmount = player.mount();
    expect(loads()).toBe(0);
    expect(player.getState().current).toBeNull();
    expect(audioEl()).toBeNull();

    let changes = 0;
    player.subscribe(() => changes++);
    player.play(track(1));
    player.addToQueue(track(2));
    player.setVolume(0.5);
    expect(loads()).toBeGreaterThan(0);
    expect(player.getState().current).toBeNull();

    arrive();
    await flush();
    expect(player.built).not.toBeNull();
    expect(audioEl()?.getAttribute('src')).toContain('/api/tracks/1/stream');
    expect(player.getState()).toMatchObject({
      current: { id: track(1).id },
      queue: [{ id: track(2).id }],
      volume: 0.5,
    });
    expect(changes).toBeGreaterThan(0);

    // Once loaded, a command runs at once (inside the listener's gesture).
    player.next();
    expect(player.getState().current?.id).toBe(track(2).id);
  });

  it('a saved player shows at once, and its engine is built after mounting without playing', async () => {
    const saved = { ...defaultSavedPlayer, current: track(3), position: 42, volume: 0.3, muted: true };
    const { player, arrive, loads } = setup(saved);
    expect(player.getState()).toMatchObject({ current: { id: track(3).id }, playing: false, volume: 0.3, muted: true });
    expect(player.getTime()).toBe(42);
    expect(loads()).toBe(0);

    unmount = player.mount();
    expect(loads()).toBe(1);
    arrive();
    await flush();
    const audio = audioEl();
    expect(audio?.getAttribute('src')).toContain('/api/tracks/3/stream');
    expect(audio?.paused).toBe(true);
    expect(player.getState()).toMatchObject({ current: { id: track(3).id }, playing: false, muted: true });
    expect(player.getTime()).toBe(42);

    // Unmounted (React's strict mode mounts twice): the element goes, and comes back on remount.
    unmount();
    expect(audioEl()).toBeNull();
    unmount = player.mount();
    expect(audioEl()).not.toBeNull();
  });

  it("a live stream's claim is held without the engine and handed to it: a track's play stops the stream", async () => {
    const { player, arrive, loads } = setup();
    unmount = player.mount();
    const claim: LiveOutputClaim & { playing: boolean } = {
      title: 'Morning Show',
      playing: true,
      stop: () => {
        claim.playing = false;
      },
    };
    player.claimOutput(claim);
    expect(loads()).toBe(0);
    expect(player.getState().live).toEqual({ title: 'Morning Show' });

    player.play(track(1));
    arrive();
    await flush();
    expect(claim.playing).toBe(false);
    expect(player.getState().live).toBeNull();
    expect(audioEl()?.paused).toBe(false);

    // A released claim that was never handed over leaves the state alone.
    const other = { title: 'Other', stop: () => {} };
    player.claimOutput(other);
    expect(audioEl()?.paused).toBe(true);
    player.releaseOutput(other);
    expect(player.getState().live).toBeNull();
  });

  it("a listening room's claim keeps its label before the engine exists (the bar says what holds the output)", () => {
    const { player, loads } = setup();
    unmount = player.mount();
    player.claimOutput({ title: 'Friday mix', label: 'Listening room', stop: () => {} });
    expect(loads()).toBe(0);
    expect(player.getState().live).toEqual({ title: 'Friday mix', label: 'Listening room' });
  });
});

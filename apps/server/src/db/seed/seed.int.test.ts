import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { scaled } from '../../../test/time';
import { DEMO_TRACKS } from './catalogue';
import { seedDemo, seedDemoOnce } from './index';

// A real server / ffmpeg at work: a ceiling scaled to how busy the machine is (test/time.ts).
vi.setConfig({ testTimeout: scaled(180_000) });

// A music track and a speech track: the seed's own code path, at a fraction of its time (the
// npm-packaged ffmpeg, which scripts/test-bundled-ffmpeg.mjs runs this with, is ~3x slower).
const picks = DEMO_TRACKS.filter((t) => t.title === 'Neon Rain' || t.title === 'Episode 2: The Home Studio');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface HomeTrack {
  id: string;
  title: string;
  category: string;
  status: string;
  peaksUrl: string | null;
  coverUrl: string;
  sources: { url: string; type: string }[];
}

/** How uneven the waveform is: standard deviation over mean (a steady tone is ~0). */
function variation(peaks: number[]): number {
  const mean = peaks.reduce((a, b) => a + b, 0) / peaks.length;
  const sd = Math.sqrt(peaks.reduce((a, b) => a + (b - mean) ** 2, 0) / peaks.length);
  return sd / mean;
}

describe('the demo seed', () => {
  it('makes tracks that process to ready, with renditions, covers and waveforms shaped like music and speech', async () => {
    expect(picks).toHaveLength(2);
    expect(await seedDemo(t.ctx, () => {}, picks)).toBe(2);
    await t.ctx.jobs.drain();

    const home = (await t.app.inject({ method: 'GET', url: '/api/home' })).json() as { recent: HomeTrack[] };
    expect(home.recent.map((r) => r.title).sort()).toEqual(picks.map((p) => p.title).sort());
    for (const track of home.recent) {
      expect(track.status).toBe('ready');
      expect(track.sources.map((s) => s.type)).toEqual(['audio/webm; codecs="opus"', 'audio/mp4; codecs="mp4a.40.2"']);
      const opus = await t.app.inject({ method: 'GET', url: track.sources[0].url });
      expect(opus.statusCode).toBe(200);
      const cover = await t.app.inject({ method: 'GET', url: `${track.coverUrl}&size=96` });
      expect(cover.headers['content-type']).toBe('image/jpeg');

      expect(track.peaksUrl).not.toBeNull();
      const { peaks } = (await t.app.inject({ method: 'GET', url: track.peaksUrl as string })).json() as {
        peaks: number[];
      };
      expect(peaks.length).toBeGreaterThan(100);
      // Beats, syllables and swells, not a flat bar.
      expect(variation(peaks), track.title).toBeGreaterThan(0.25);
      if (track.category === 'Podcast') {
        // Speech pauses between phrases: a good share of the waveform is near silence.
        const quiet = peaks.filter((p) => p < 0.05).length / peaks.length;
        expect(quiet, track.title).toBeGreaterThan(0.1);
      }
    }
  });
});

describe('seeding at start (seedDemoOnce)', () => {
  const titles = async () =>
    (await t.ctx.database.query<{ title: string }>('SELECT title FROM audio_content ORDER BY title')).map(
      (r) => r.title,
    );

  it('finishes a seeding stopped part-way, once, and never seeds beside real tracks', async () => {
    await t.ctx.database.query('DELETE FROM audio_content');
    // A first start stopped after the first track: the second is added, the first not again.
    expect(await seedDemo(t.ctx, () => {}, picks.slice(0, 1))).toBe(1);
    await seedDemoOnce(t.ctx, picks);
    expect(await titles()).toEqual(picks.map((p) => p.title).sort());
    // Finished: a restart adds nothing.
    await seedDemoOnce(t.ctx, picks);
    expect(await titles()).toEqual(picks.map((p) => p.title).sort());

    // A catalogue with a track of its own is never seeded, even with the demo unfinished.
    await t.ctx.database.query('DELETE FROM audio_content');
    await seedDemo(t.ctx, () => {}, picks.slice(0, 1));
    const creator = await signUp(t, { role: 'creator' });
    await seedTrack(t.ctx.database.db, creator.id, { title: 'My own track' });
    await seedDemoOnce(t.ctx, picks);
    expect(await titles()).toEqual(['My own track', picks[0].title].sort());
    await t.ctx.jobs.drain();
  });
});

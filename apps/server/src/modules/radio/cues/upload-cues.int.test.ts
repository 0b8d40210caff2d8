import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../../test/helpers';
import { scaled } from '../../../../test/time';
import { trackCues } from '../../../db/schema';
import { audioPart, multipartBody } from '../../tracks/testing';
import { dbTrackLibrary } from '../engine/db-library';
import { generateAudio } from '../engine/testing';
import { RADIO_CUES_JOB, RADIO_CUES_TRACK_JOB } from './jobs';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'radio-upload-cues-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('radio cues measured at upload (track.ready → radio.cues.track, ADR 0079)', () => {
  it(
    'an uploaded track has its cue points and loudness once it is ready, without the catch-up batch',
    async () => {
      const creator = await signUp(t, { role: 'creator' });
      // 1.5 s of silence, 8 s of tone, 2 s of silence.
      const file = await generateAudio(
        path.join(dir, 'padded.webm'),
        'sine=f=330:d=8:sample_rate=48000,volume=1.6,adelay=1500|1500,apad=pad_dur=2,aformat=channel_layouts=stereo',
      );
      const { body, contentType } = multipartBody({ title: 'Padded', isPublic: 'true' }, [
        await audioPart(file, 'padded.webm', 'audio/webm'),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tracks',
        headers: { cookie: creator.cookie, 'content-type': contentType },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(201);
      const trackId = res.json().track.id as string;

      // The catch-up batch cannot be what measures it: none is queued, none runs.
      await t.ctx.database.query('DELETE FROM jobs WHERE type = $1', [RADIO_CUES_JOB]);
      // The workers' part, every lane: the transcode, then what its events queued (a second round
      // for an event dispatched a moment after its job ended).
      for (let round = 0; round < 2; round++) {
        await t.ctx.jobs.drain();
        await t.ctx.events.settled(scaled(10_000));
      }
      const jobs = await t.ctx.database.query<{ type: string; status: string }>('SELECT type, status FROM jobs');
      expect(jobs.filter((j) => j.type === RADIO_CUES_JOB)).toEqual([]);
      expect(jobs).toContainEqual({ type: RADIO_CUES_TRACK_JOB, status: 'done' });

      const track = (await t.app.inject({ url: `/api/tracks/${trackId}`, headers: { cookie: creator.cookie } })).json()
        .track;
      expect(track.status).toBe('ready');

      const [cues] = await t.ctx.database.db.select().from(trackCues).where(eq(trackCues.audioId, trackId));
      expect(cues).toBeDefined();
      expect(cues.cueInMs).toBeGreaterThanOrEqual(1400);
      expect(cues.cueInMs).toBeLessThanOrEqual(1500);
      expect(cues.cueOutMs).toBeGreaterThanOrEqual(9500);
      expect(cues.cueOutMs).toBeLessThanOrEqual(9700);
      expect(cues.integratedLufs).toBeGreaterThan(-25);
      expect(cues.peakDbfs).not.toBeNull();

      // A channel loads it by those cues at once.
      const library = dbTrackLibrary(t.ctx, { ownerId: creator.id, cacheDir: path.join(dir, 'cache') });
      const loaded = await library.load([trackId]);
      expect(loaded.get(trackId)?.cues).toMatchObject({ cueInMs: cues.cueInMs, cueOutMs: cues.cueOutMs });

      // Processed again (a reprocess publishes track.ready again): measured once, the row is kept.
      const again = await t.ctx.jobs.enqueue(RADIO_CUES_TRACK_JOB, { trackId });
      expect(again).toBeTruthy();
      await t.ctx.jobs.drain();
      const rows = await t.ctx.database.db.select().from(trackCues).where(eq(trackCues.audioId, trackId));
      expect(rows).toHaveLength(1);
      expect(rows[0].analyzedAt.getTime()).toBe(cues.analyzedAt.getTime());
    },
    scaled(120_000),
  );
});

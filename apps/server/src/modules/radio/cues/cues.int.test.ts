import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../../test/helpers';
import { seedTrack } from '../../../../test/seed-track';
import { trackCues } from '../../../db/schema';
import { dbTrackLibrary } from '../engine/db-library';
import { generateAudio } from '../engine/testing';
import { measureMissingCues, measureTrackCues, RADIO_CUES_JOB } from './jobs';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'radio-cues-int-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('radio.cues (the catch-up job, migration 0042)', () => {
  it('measures ready tracks their upload missed once, from their stored rendition; the library plays them by their cues', async () => {
    const owner = await signUp(t);
    // 1.5 s of silence, 8 s of tone, 2 s of silence: the upload's Opus rendition.
    const file = await generateAudio(
      path.join(dir, 'padded.webm'),
      'sine=f=330:d=8:sample_rate=48000,volume=1.6,adelay=1500|1500,apad=pad_dur=2,aformat=channel_layouts=stereo',
    );
    const opusKey = `audio/${owner.id}/padded.webm`;
    await t.ctx.storage.put(opusKey, createReadStream(file));
    const measured = await seedTrack(t.ctx.database.db, owner.id, {
      title: 'Padded',
      duration: 11.5,
      media: { opusKey },
    });
    // Its file is gone from storage: a whole-file row, so it is not tried at every run.
    const lost = await seedTrack(t.ctx.database.db, owner.id, {
      title: 'Lost',
      duration: 30,
      media: { opusKey: `audio/${owner.id}/gone.webm` },
    });
    const processing = await seedTrack(t.ctx.database.db, owner.id, { title: 'Not yet', status: 'processing' });

    // Readied an hour ago: the catch-up takes only tracks their upload's own measurement missed.
    const recent = await seedTrack(t.ctx.database.db, owner.id, { title: 'Just ready', media: { opusKey } });
    await t.ctx.database.query(`UPDATE audio_content SET updated_at = now() - interval '1 hour' WHERE id <> $1`, [
      recent,
    ]);
    await t.ctx.jobs.enqueue(RADIO_CUES_JOB, { at: new Date().toISOString() });
    // Its own lane: the media lane (uploads' transcodes) never waits behind a batch.
    expect(await t.ctx.jobs.runOnce('media')).toBe(false);
    expect(await t.ctx.jobs.runOnce('analysis')).toBe(true);

    const rows = await t.ctx.database.db.select().from(trackCues);
    const byId = new Map(rows.map((r) => [r.audioId, r]));
    expect(byId.has(processing)).toBe(false);
    // Ready within CATCH_UP_AFTER_MS: left to its own radio.cues.track job.
    expect(byId.has(recent)).toBe(false);
    const m = byId.get(measured);
    expect(m?.cueInMs).toBeGreaterThanOrEqual(1400);
    expect(m?.cueInMs).toBeLessThanOrEqual(1500);
    expect(m?.cueOutMs).toBeGreaterThanOrEqual(9500);
    expect(m?.cueOutMs).toBeLessThanOrEqual(9700);
    expect(m?.integratedLufs).toBeGreaterThan(-25);
    expect(byId.get(lost)).toMatchObject({ cueInMs: 0, cueOutMs: 0, integratedLufs: null });
    // Nothing left to measure: the next run finds nothing (the recent one is not its to measure).
    expect(await measureMissingCues(t.ctx)).toBe(0);
    expect(await measureTrackCues(t.ctx, recent)).toBe(true);
    expect(await measureTrackCues(t.ctx, recent)).toBe(false);

    const library = dbTrackLibrary(t.ctx, { ownerId: owner.id, cacheDir: path.join(dir, 'cache') });
    const loaded = await library.load([measured, lost, processing]);
    // Not ready, or its file gone: left out, the rest plays.
    expect([...loaded.keys()]).toEqual([measured]);
    expect(loaded.get(measured)?.cues.cueInMs).toBe(m?.cueInMs);
    const [again] = await t.ctx.database.db.select().from(trackCues).where(eq(trackCues.audioId, measured));
    expect(again.analyzedAt.getTime()).toBe(m?.analyzedAt.getTime());
  });
});

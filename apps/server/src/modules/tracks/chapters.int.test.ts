import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { audioPart, filesUnder, makeAudio, multipartBody } from './testing';

let t: TestApp;
let creator: TestUser;
let dir: string;
let tone: string; // 3 s

beforeAll(async () => {
  t = await createTestApp({ MAX_UPLOAD_BYTES: String(5 * 1024 * 1024) });
  creator = await signUp(t, { role: 'creator' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-chapters-'));
  tone = await makeAudio(dir, 'mp3', 3);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function upload(chapters: { title: string; startTime: number }[]) {
  const { body, contentType } = multipartBody({ title: 'Chaptered', chapterMarkers: JSON.stringify(chapters) }, [
    await audioPart(tone, 'tone.mp3', 'audio/mpeg'),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/tracks',
    headers: { cookie: creator.cookie, 'content-type': contentType },
    payload: body,
  });
}

const count = async () =>
  (await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM audio_content'))[0].n;

describe('upload limits', () => {
  it('are the server configuration, readable by anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tracks/upload-limits' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ maxUploadBytes: 5 * 1024 * 1024 });
  });
});

describe('chapter times', () => {
  it('an upload with a chapter past the end of the audio is refused with 400, leaving nothing', async () => {
    const res = await upload([
      { title: 'Intro', startTime: 0 },
      { title: 'Past the end', startTime: 599 }, // '9:59' on a 3 s track
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Chapter times must be within the track (before 0:03)',
    });
    expect(await count()).toBe(0);
    expect(await t.ctx.storage.list('')).toEqual([]);
    expect(await filesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('chapters within the audio are kept; an edit that moves one past the end is refused and changes nothing', async () => {
    const res = await upload([
      { title: 'Intro', startTime: 0 },
      { title: 'Middle', startTime: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { track } = res.json();
    const patch = (chapterMarkers: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/tracks/${track.id}`,
        headers: { cookie: creator.cookie },
        payload: { chapterMarkers },
      });
    const refused = await patch([{ title: 'Way later', startTime: 60 }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    const after = (await t.app.inject({ url: `/api/tracks/${track.id}`, headers: { cookie: creator.cookie } })).json();
    expect(after.track.chapterMarkers.map((c: { startTime: number }) => c.startTime)).toEqual([0, 2]);
    const ok = await patch([{ title: 'Later', startTime: 1 }]);
    expect(ok.statusCode, ok.body).toBe(200);
    await t.ctx.jobs.drain();
  });
});

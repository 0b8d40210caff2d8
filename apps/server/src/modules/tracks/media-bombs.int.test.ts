import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { audioTooLongMessage } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { ffmpeg } from '../../media/ffmpeg';
import { audioPart, filesUnder, makeAudio, multipartBody } from './testing';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-bombs-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** Silence as FLAC at 8 kHz mono: hours of audio in about a megabyte (2 h: 1.3 MB, made in ~2 s). */
async function silentFlac(seconds: number): Promise<string> {
  const file = path.join(dir, `silence-${seconds}.flac`);
  await ffmpeg(
    ['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', String(seconds)].concat([
      '-c:a',
      'flac',
      '-y',
      file,
    ]),
  );
  return file;
}

/** A copy of a FLAC whose STREAMINFO declares `samples` in total (the frames stay what they are). */
async function declaringSamples(file: string, samples: number, name: string): Promise<string> {
  const bytes = await fs.readFile(file);
  expect(bytes.toString('latin1', 0, 4)).toBe('fLaC');
  // fLaC, a 4-byte block header, then STREAMINFO: 10 bytes of block/frame sizes, then 64 bits of
  // sample rate (20), channels (3), bits per sample (5) and total samples (36).
  const at = 8 + 10;
  const packed = bytes.readBigUInt64BE(at);
  bytes.writeBigUInt64BE((packed & ~0xfffffffffn) | BigInt(samples), at);
  const out = path.join(dir, name);
  await fs.writeFile(out, bytes);
  return out;
}

function uploader(t: TestApp, creator: TestUser) {
  return async (file: string) => {
    const { body, contentType } = multipartBody({ title: 'Bomb' }, [await audioPart(file, 'bomb.flac', 'audio/flac')]);
    return t.app.inject({
      method: 'POST',
      url: '/api/tracks',
      headers: { cookie: creator.cookie, 'content-type': contentType },
      payload: body,
    });
  };
}

/** No row, no stored object, no temp file and no job: refused before anything was transcoded. */
async function nothingStored(t: TestApp) {
  const [{ n }] = await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM audio_content');
  expect(n).toBe(0);
  const [{ jobs }] = await t.ctx.database.query<{ jobs: number }>(
    `SELECT count(*)::int AS jobs FROM jobs WHERE type = 'track.process'`,
  );
  expect(jobs).toBe(0);
  expect(await t.ctx.storage.list('')).toEqual([]);
  expect(await filesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
}

describe('audio decompression bombs (default limit: 12 hours)', () => {
  let t: TestApp;
  let upload: ReturnType<typeof uploader>;
  beforeAll(async () => {
    t = await createTestApp();
    upload = uploader(t, await signUp(t, { role: 'creator' }));
  });
  afterAll(() => t.close());

  it('refuses a FLAC whose header declares 13 hours, before transcoding', async () => {
    const bomb = await declaringSamples(await silentFlac(1), 13 * 3600 * 8000, 'declares-13h.flac');
    const res = await upload(bomb);
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().error).toEqual({
      code: 'UNSUPPORTED_MEDIA',
      message: 'The audio is longer than the 12-hour limit. Please upload a shorter file.',
    });
    expect(audioTooLongMessage(t.ctx.config.MAX_AUDIO_SECONDS)).toBe(res.json().error.message);
    await nothingStored(t);
  });
});

describe('audio decompression bombs (MAX_AUDIO_SECONDS=3600)', () => {
  let t: TestApp;
  let upload: ReturnType<typeof uploader>;
  let twoHours: string;
  beforeAll(async () => {
    t = await createTestApp({ MAX_AUDIO_SECONDS: '3600' });
    upload = uploader(t, await signUp(t, { role: 'creator' }));
    twoHours = await silentFlac(2 * 3600);
  });
  afterAll(() => t.close());

  it('refuses the probe’s bomb: 2 hours of silence in a 1.3 MB FLAC', async () => {
    expect((await fs.stat(twoHours)).size).toBeLessThan(2 * 1024 * 1024);
    const res = await upload(twoHours);
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().error.message).toBe('The audio is longer than the 1-hour limit. Please upload a shorter file.');
    await nothingStored(t);
  });

  it('refuses it when its header lies (declares 10 seconds): the packets are counted', async () => {
    const liar = await declaringSamples(twoHours, 10 * 8000, 'declares-10s.flac');
    const res = await upload(liar);
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().error.message).toBe('The audio is longer than the 1-hour limit. Please upload a shorter file.');
    await nothingStored(t);
  });

  it('still takes audio under the limit', async () => {
    const res = await upload(await makeAudio(dir, 'flac', 3));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().track.duration).toBeCloseTo(3, 1);
  });
});

describe('a transcode over its CPU budget (TRANSCODE_CPU_FACTOR=0.001, TRANSCODE_CPU_BASE_SECONDS=0)', () => {
  let t: TestApp;
  let creator: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ TRANSCODE_CPU_FACTOR: '0.001', TRANSCODE_CPU_BASE_SECONDS: '0' });
    creator = await signUp(t, { role: 'creator' });
  });
  afterAll(() => t.close());

  it('is killed: the track fails at once with a clear reason, and no rendition or temp file is left', async () => {
    // 60 s of audio: about 3 s of CPU to process, against a budget of 0.06 s.
    const res = await uploader(t, creator)(await makeAudio(dir, 'flac', 60));
    expect(res.statusCode, res.body).toBe(201);
    const { track } = res.json();
    await t.ctx.jobs.drain();

    const after = (await t.app.inject({ url: `/api/tracks/${track.id}`, headers: { cookie: creator.cookie } })).json()
      .track;
    expect(after.status).toBe('failed');
    expect(after.failureReason).toBe(
      'The audio could not be processed (it takes far longer to decode than its length allows). Please upload the file again or try another one.',
    );
    // Not retried: another attempt would burn the same budget again.
    const jobs = await t.ctx.database.query<{ status: string; attempts: number }>(
      `SELECT status, attempts FROM jobs WHERE type = 'track.process'`,
    );
    expect(jobs).toEqual([{ status: 'done', attempts: 1 }]);
    // Only the uploaded original is stored; the work folder is gone.
    const [row] = await t.ctx.database.query<{ audio_key: string }>(
      'SELECT audio_key FROM audio_content WHERE id = $1',
      [track.id],
    );
    expect(await t.ctx.storage.list('')).toEqual([row.audio_key]);
    expect(await filesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { audioPart, type FixtureFormat, filesUnder, makeAudio, makeImage, multipartBody } from './testing';

let t: TestApp;
let creator: TestUser;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  creator = await signUp(t, { role: 'creator' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-upload-'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

function upload(fields: Record<string, string>, files: Parameters<typeof multipartBody>[1], cookie = creator.cookie) {
  const { body, contentType } = multipartBody(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/tracks',
    headers: { cookie, 'content-type': contentType },
    payload: body,
  });
}

async function nothingLeft() {
  const [{ n }] = await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM audio_content');
  expect(n).toBe(0);
  expect(await t.ctx.storage.list('')).toEqual([]);
  expect(await filesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
}

describe('POST /api/tracks: accepted formats', () => {
  const formats: FixtureFormat[] = ['mp3', 'mp3-noid3', 'wav', 'm4a', 'aac', 'flac', 'ogg', 'opus', 'webm'];

  it.each(formats)(
    '%s probes to its real duration, then processes to renditions, loudness and peaks',
    async (format) => {
      const file = await makeAudio(dir, format, 3);
      const res = await upload(
        { title: `Tone ${format}`, tags: JSON.stringify([' a ', 'b', 'a', '']), isPublic: 'true' },
        [await audioPart(file, `tone.${format}`, 'audio/whatever')],
      );
      expect(res.statusCode, res.body).toBe(201);
      const { track } = res.json();
      expect(track.status).toBe('processing');
      expect(track.duration).toBeGreaterThan(2.9);
      expect(track.duration).toBeLessThan(3.1);
      expect(track.tags).toEqual(['a', 'b']);
      expect(track.category).toBe('Uncategorized');

      await t.ctx.jobs.drain();
      const after = (await t.app.inject({ url: `/api/tracks/${track.id}`, headers: { cookie: creator.cookie } })).json()
        .track;
      expect(after.status).toBe('ready');
      expect(Math.abs(after.duration - 3)).toBeLessThan(0.05);
      expect(after.gainDb).toBeTypeOf('number');
      expect(after.peaksUrl).toMatch(/^\/api\/tracks\/.+\/peaks\?v=/);
      expect(after.sources.map((s: { type: string }) => s.type)).toEqual([
        'audio/webm; codecs="opus"',
        'audio/mp4; codecs="mp4a.40.2"',
      ]);
      const peaks = (await t.app.inject({ url: after.peaksUrl })).json().peaks as number[];
      expect(peaks).toHaveLength(800);
      expect(Math.max(...peaks)).toBe(1);
      const opus = await t.app.inject({ method: 'HEAD', url: after.sources[0].url });
      expect(opus.headers['content-type']).toBe('audio/webm');
      const aac = await t.app.inject({ method: 'HEAD', url: after.audioUrl });
      expect(aac.headers['content-type']).toBe('audio/mp4');
      const [row] = await t.ctx.database.query<{ loudness_lufs: number; codec: string; audio_key: string }>(
        'SELECT loudness_lufs, codec, audio_key FROM audio_content WHERE id = $1',
        [track.id],
      );
      // A -20 dBFS-ish sine measures around -20 LUFS; anything in range proves ebur128 ran.
      expect(row.loudness_lufs).toBeGreaterThan(-30);
      expect(row.loudness_lufs).toBeLessThan(-10);
      expect(row.audio_key).toMatch(new RegExp(`^audio/${creator.id}/${track.id}\\.[a-z0-9]+$`));
    },
  );
});

describe('POST /api/tracks: refusals leave nothing behind', () => {
  beforeAll(async () => {
    await t.ctx.database.query('DELETE FROM audio_content');
    for (const key of await t.ctx.storage.list('')) await t.ctx.storage.delete(key);
  });

  it('refuses a text file renamed .mp3', async () => {
    const res = await upload({ title: 'x' }, [
      {
        name: 'audio',
        filename: 'song.mp3',
        type: 'audio/mpeg',
        data: Buffer.from('just some text, not audio\n'.repeat(50)),
      },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({
      code: 'UNSUPPORTED_MEDIA',
      message: 'This file is not a supported audio file. Please upload MP3, WAV, M4A, AAC, FLAC, Ogg or WebM audio.',
    });
    await nothingLeft();
  });

  it('refuses an HTML file', async () => {
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const res = await upload({ title: 'x' }, [{ name: 'audio', filename: 'a.mp3', type: 'audio/mpeg', data: html }]);
    expect(res.statusCode).toBe(415);
    await nothingLeft();
  });

  it('refuses a truncated MP3 (its header promises more than it holds)', async () => {
    const full = await fs.readFile(await makeAudio(dir, 'mp3', 6));
    const res = await upload({ title: 'x' }, [
      { name: 'audio', filename: 'cut.mp3', type: 'audio/mpeg', data: full.subarray(0, full.length / 2) },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(
      'The audio file is incomplete or damaged (it ends before its stated length).',
    );
    await nothingLeft();
  });

  it('refuses an MP3 cut inside its first frame', async () => {
    const full = await fs.readFile(await makeAudio(dir, 'mp3', 2));
    const res = await upload({ title: 'x' }, [
      { name: 'audio', filename: 'cut.mp3', type: 'audio/mpeg', data: full.subarray(0, 600) },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toMatch(/could not be decoded/);
    await nothingLeft();
  });

  it('refuses a zero-byte file', async () => {
    const res = await upload({ title: 'x' }, [
      { name: 'audio', filename: 'a.mp3', type: 'audio/mpeg', data: Buffer.alloc(0) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The audio file is empty.');
    await nothingLeft();
  });

  it('refuses an image sent as audio', async () => {
    const png = await fs.readFile(await makeImage(dir, 'png'));
    const res = await upload({ title: 'x' }, [{ name: 'audio', filename: 'a.mp3', type: 'audio/mpeg', data: png }]);
    expect(res.statusCode).toBe(415);
    await nothingLeft();
  });

  it('refuses an SVG cover (only JPEG, PNG and WebP)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload({ title: 'x' }, [
      await audioPart(await makeAudio(dir, 'mp3', 1)),
      { name: 'cover', filename: 'c.png', type: 'image/png', data: svg },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('The cover must be a JPEG, PNG or WebP image.');
    await nothingLeft();
  });

  it('refuses a cover that does not read, or is too large to be a cover (with or without ffprobe)', async () => {
    // PNG chunks with a zero CRC: the header is read before any CRC is checked.
    const chunk = (type: string, data: Buffer) =>
      Buffer.concat([Buffer.from([0, 0, 0, data.length]), Buffer.from(type), data, Buffer.alloc(4)]);
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(20_000, 0); // 20000 x 20000: 400 megapixels
    ihdr.writeUInt32BE(20_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IEND', Buffer.alloc(0))]);
    const garbage = Buffer.concat([signature, Buffer.from('not a png at all'.repeat(40))]);
    for (const data of [bomb, garbage]) {
      const res = await upload({ title: 'x' }, [
        await audioPart(await makeAudio(dir, 'mp3', 1)),
        { name: 'cover', filename: 'c.png', type: 'image/png', data },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toBe('The cover image could not be read. Please choose another image.');
      await nothingLeft();
    }
  });

  it('needs an audio file, a title, a signed-in creator', async () => {
    const mp3 = await audioPart(await makeAudio(dir, 'mp3', 1));
    const noAudio = await upload({ title: 'x' }, []);
    expect(noAudio.statusCode).toBe(400);
    expect(noAudio.json().error.message).toBe('Audio file is required');
    const noTitle = await upload({ title: '   ' }, [mp3]);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.message).toBe('Title is required');
    const anonymous = await upload({ title: 'x' }, [mp3], '');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('You must be logged in to upload audio');
    const listener = await signUp(t);
    const asListener = await upload({ title: 'x' }, [mp3], listener.cookie);
    expect(asListener.statusCode).toBe(403);
    const badTags = await upload({ title: 'x', tags: 'not json' }, [mp3]);
    expect(badTags.statusCode).toBe(400);
    expect(badTags.json().error.message).toBe('Tags must be a JSON array');
    await nothingLeft();
  });
});

describe('the size limit', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ MAX_UPLOAD_BYTES: String(64 * 1024) });
  });
  afterAll(() => small.close());

  it('refuses an over-limit body with 413 while streaming, leaving nothing', async () => {
    const user = await signUp(small, { role: 'creator' });
    const wav = await audioPart(await makeAudio(dir, 'wav', 2), 'big.wav', 'audio/wav'); // ~350 KB
    const { body, contentType } = multipartBody({ title: 'Too big' }, [wav]);
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/tracks',
      headers: { cookie: user.cookie, 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The audio file is larger than the 64 KB limit.',
    });
    const [{ n }] = await small.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM audio_content');
    expect(n).toBe(0);
    expect(await small.ctx.storage.list('')).toEqual([]);
    expect(await filesUnder(path.join(small.dataDir, 'tmp'))).toEqual([]);
  });
});

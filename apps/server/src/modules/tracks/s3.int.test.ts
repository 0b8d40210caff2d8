import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/helpers';
import { S3Storage } from '../../storage/s3';
import { audioPart, makeAudio, makeImage, multipartBody } from './testing';

// Uploads, processing and Range delivery with the S3 driver, against a filesystem-backed S3 (s3rver).
let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'wavecast-s3-tracks-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: fs.mkdtempSync(path.join(dir, 's3-')),
  });
  const { port } = await server.run();
  t = await createTestApp({ STORAGE_DRIVER: 's3' });
  // Every module reads ctx.storage when it needs it: point the running app at S3.
  (t.ctx as unknown as { storage: S3Storage }).storage = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'wavecast-tracks',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await t.close();
  await server.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

describe('tracks on S3 storage', () => {
  it('stores, processes, serves ranges and deletes', async () => {
    const creator = await signUp(t, { role: 'creator' });
    const mp3 = await makeAudio(dir, 'mp3', 3);
    const original = await fsp.readFile(mp3);
    const png = await fsp.readFile(await makeImage(dir, 'png'));
    const { body, contentType } = multipartBody({ title: 'On S3' }, [
      await audioPart(mp3),
      { name: 'cover', filename: 'c.png', type: 'image/png', data: png },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tracks',
      headers: { cookie: creator.cookie, 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().track.id as string;
    expect(await t.ctx.storage.list('')).toHaveLength(2);

    await t.ctx.jobs.drain();
    const track = (await t.app.inject({ url: `/api/tracks/${id}` })).json().track;
    expect(track.status).toBe('ready');
    expect(await t.ctx.storage.list('')).toHaveLength(7); // original, cover, 2 renditions, 3 cover sizes

    const first = await t.app.inject({
      url: `/api/tracks/${id}/stream?format=original`,
      headers: { range: 'bytes=0-0' },
    });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-0/${original.length}`);
    expect(first.rawPayload).toEqual(original.subarray(0, 1));
    const tail = await t.app.inject({
      url: `/api/tracks/${id}/stream?format=original`,
      headers: { range: 'bytes=-500' },
    });
    expect(tail.rawPayload).toEqual(original.subarray(-500));
    const bad = await t.app.inject({
      url: `/api/tracks/${id}/stream?format=original`,
      headers: { range: 'bytes=5-1' },
    });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${original.length}`);
    const stale = await t.app.inject({
      url: `/api/tracks/${id}/stream?format=original`,
      headers: { range: 'bytes=0-9', 'if-range': '"stale"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload).toEqual(original);
    const aac = await t.app.inject({ url: track.audioUrl, headers: { range: 'bytes=0-7' } });
    expect(aac.statusCode).toBe(206);
    expect(aac.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const del = await t.app.inject({ method: 'DELETE', url: `/api/tracks/${id}`, headers: { cookie: creator.cookie } });
    expect(del.statusCode).toBe(204);
    expect(await t.ctx.storage.list('')).toEqual([]);
  });
});

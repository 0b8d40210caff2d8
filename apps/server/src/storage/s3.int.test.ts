import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from './s3';

// A filesystem-backed S3 (s3rver) stands in for a real S3 service, which cannot be reached here.
let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let storage: S3Storage;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-s3rver-')),
  });
  const { port } = await server.run();
  storage = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'wavecast-test',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(() => server.close());

describe('S3Storage', () => {
  it('stores, ranges, stats, lists and deletes', async () => {
    await storage.health();
    const obj = await storage.put('covers/u1/c.png', Readable.from([Buffer.from('0123456789')]), {
      contentType: 'image/png',
    });
    expect(obj.size).toBe(10);
    expect(await text(await storage.get('covers/u1/c.png', { start: 2, end: 4 }))).toBe('234');
    expect(await storage.list('covers/')).toEqual(['covers/u1/c.png']);
    await storage.delete('covers/u1/c.png');
    expect(await storage.stat('covers/u1/c.png')).toBeNull();
  });

  it('health writes a probe object (and deletes it), so a store that stopped taking writes is down', async () => {
    const own = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-s3rver-')),
    });
    const { port } = await own.run();
    const s = new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: 'wavecast-health',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    await s.health();
    expect(await s.list('')).toEqual([]);
    await own.close();
    await expect(s.health()).rejects.toThrow();
  });
});

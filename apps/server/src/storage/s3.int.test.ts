import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultProxy } from '../../test/fault-proxy';
import { classifyDatabaseError } from '../lib/db-errors';
import { S3Storage } from './s3';

// A filesystem-backed S3 (s3rver) stands in for a real S3 service, which cannot be reached here.
let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let storage: S3Storage;
let s3Port: number;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-s3rver-')),
  });
  const { port } = await server.run();
  s3Port = port;
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

  it('a store behind a network that drops every packet fails each call within its timeouts (503), then recovers', async () => {
    const proxy = await FaultProxy.start({ host: '127.0.0.1', port: s3Port });
    const s = new S3Storage({
      endpoint: `http://127.0.0.1:${proxy.port}`,
      region: 'us-east-1',
      bucket: 'wavecast-test',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      connectTimeoutMs: 300,
      requestTimeoutMs: 500,
    });
    try {
      await s.put('covers/u1/p.png', Readable.from([Buffer.from('abc')]));
      proxy.blackhole();
      for (const call of [() => s.stat('covers/u1/p.png'), () => s.get('covers/u1/p.png'), () => s.health()]) {
        const start = Date.now();
        const err = await call().then(
          () => null,
          (e: unknown) => e,
        );
        // Two attempts of at most the request timeout each, plus the SDK's back-off between them.
        expect(Date.now() - start).toBeLessThan(2 * 500 + 1000);
        expect(classifyDatabaseError(err), String(err)).toBe('unavailable'); // the error handler's 503
      }
      proxy.heal();
      expect((await s.stat('covers/u1/p.png'))?.size).toBe(3);
    } finally {
      await proxy.close();
    }
  });
});

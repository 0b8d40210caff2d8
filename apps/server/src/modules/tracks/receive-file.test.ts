import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { receiveFile } from './receive-file';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

const part = (data: Buffer) =>
  ({ file: Object.assign(Readable.from([data]), { truncated: false }) }) as unknown as MultipartFile;
const options = (dir: string) => ({
  dir,
  maxBytes: 1024,
  sniffBytes: 4,
  sniff: (head: Buffer) => (head.subarray(0, 4).toString() === 'GOOD' ? ('good' as const) : null),
  refused: () => new AppError('UNSUPPORTED_MEDIA', 'refused'),
  empty: () => new AppError('VALIDATION_FAILED', 'empty'),
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'too large'),
});

describe('receiveFile', () => {
  it('keeps a file whose first bytes are a kind we take', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wc-ingest-'));
    dirs.push(dir);
    const got = await receiveFile(part(Buffer.from('GOOD and more')), options(dir));
    expect(got).toMatchObject({ bytes: 13, kind: 'good' });
    expect(await fs.readFile(got.path, 'utf8')).toBe('GOOD and more');
  });

  it('leaves no temp file once a refusal is thrown, even when the refusal beats the file open', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wc-ingest-'));
    dirs.push(dir);
    // The first chunk is refused at once, often before the temp file's open has completed.
    for (let i = 0; i < 500; i++) {
      await expect(receiveFile(part(Buffer.from('<svg>')), options(dir))).rejects.toThrow('refused');
      expect(await fs.readdir(dir)).toEqual([]);
    }
    await expect(receiveFile(part(Buffer.alloc(2048, 'GOOD')), options(dir))).rejects.toThrow('too large');
    expect(await fs.readdir(dir)).toEqual([]);
  }, 30_000);
});

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { AppError } from '../../lib/errors';

export interface ReceivedFile<K> {
  path: string;
  bytes: number;
  kind: K;
}

export interface ReceiveOptions<K> {
  dir: string;
  maxBytes: number;
  /** Bytes needed before `sniff` can decide. */
  sniffBytes: number;
  sniff: (head: Buffer) => K | null;
  refused: () => AppError;
  empty: () => AppError;
  tooLarge: () => AppError;
}

/**
 * Streams one multipart file to a temp file (never whole in memory). The first bytes decide
 * whether it is a kind we take; the size is checked as bytes arrive. On any refusal or abort the
 * temp file is removed before the error goes up.
 */
export async function receiveFile<K>(part: MultipartFile, opts: ReceiveOptions<K>): Promise<ReceivedFile<K>> {
  await fsp.mkdir(opts.dir, { recursive: true });
  const file = path.join(opts.dir, randomUUID());
  let bytes = 0;
  let head: Buffer | null = Buffer.alloc(0);
  let kind: K | null = null;
  const decide = () => {
    kind = opts.sniff(head as Buffer);
    head = null;
    if (kind === null) throw opts.refused();
  };
  const gate = new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        bytes += chunk.length;
        if (bytes > opts.maxBytes) throw opts.tooLarge();
        if (head) {
          head = Buffer.concat([head, chunk]);
          if (head.length >= opts.sniffBytes) decide();
        }
        done(null, chunk);
      } catch (e) {
        done(e as Error);
      }
    },
    flush(done) {
      try {
        if (bytes === 0) throw opts.empty();
        if (head) decide(); // a file shorter than the sniff window
        done();
      } catch (e) {
        done(e as Error);
      }
    },
  });
  const out = fs.createWriteStream(file, { flags: 'wx' });
  try {
    await pipeline(part.file, gate, out);
    // busboy stops at its own fileSize limit and marks the stream truncated.
    if (part.file.truncated) throw opts.tooLarge();
    if (kind === null) throw opts.refused();
    return { path: file, bytes, kind };
  } catch (e) {
    // A stream destroyed while its file was still opening creates the file afterwards: wait for it.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await fsp.rm(file, { force: true });
    throw e;
  }
}

/** Reads and discards a part we do not want. */
export async function discard(part: MultipartFile): Promise<void> {
  part.file.resume();
  await new Promise<void>((resolve) => {
    part.file.once('end', resolve);
    part.file.once('close', resolve);
    part.file.once('error', () => resolve());
  });
}

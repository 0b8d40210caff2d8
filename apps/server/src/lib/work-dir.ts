import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../context';

/**
 * Runs `fn` in a fresh folder under the data directory's job temp area, removed afterwards
 * whatever happens (the hourly temp sweep removes what a crash left).
 */
export async function withWorkDir<T>(ctx: AppContext, name: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const base = path.join(ctx.config.dataDir, 'tmp', 'jobs');
  await fsp.mkdir(base, { recursive: true });
  const dir = await fsp.mkdtemp(path.join(base, `${name}-`));
  try {
    return await fn(dir);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** A stored object copied to a local file (ffmpeg reads files; storage may be S3). */
export async function downloadTo(ctx: AppContext, key: string, file: string): Promise<void> {
  await pipeline(await ctx.storage.get(key), fs.createWriteStream(file));
}

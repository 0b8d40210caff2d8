import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context';

/** Upload and job temp folders under DATA_DIR/tmp (track-upload.ts and processing.ts make them). */
const TEMP_SUBDIRS = ['uploads', 'jobs'];

/**
 * How long a temp file must have been left untouched before the periodic sweep takes it: an upload
 * being received or a job being transcoded writes to its files every second, and probing or
 * storing one takes minutes, so an hour of silence means its process died.
 */
export const TEMP_SAFE_AGE_MS = 3600_000;

/** The latest change to an entry or anything in it (a job folder's files change, not the folder). */
async function newestMtime(full: string): Promise<number | null> {
  const stat = await fsp.stat(full).catch(() => null);
  if (!stat) return null;
  let newest = stat.mtimeMs;
  if (stat.isDirectory()) {
    for (const name of await fsp.readdir(full).catch(() => [] as string[])) {
      newest = Math.max(newest, (await newestMtime(path.join(full, name))) ?? 0);
    }
  }
  return newest;
}

/** Removes temp files and folders untouched since `cutoffMs`; answers how many it removed. */
export async function sweepTempFiles(ctx: AppContext, cutoffMs: number): Promise<number> {
  let removed = 0;
  for (const sub of TEMP_SUBDIRS) {
    const dir = path.join(ctx.config.dataDir, 'tmp', sub);
    for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
      const full = path.join(dir, name);
      const newest = await newestMtime(full);
      if (newest === null || newest >= cutoffMs) continue;
      await fsp.rm(full, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

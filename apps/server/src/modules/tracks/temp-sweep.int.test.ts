import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { filesUnder } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3600_000;

/** Writes a file (and its folders) and sets its (and, with `folderAgeMs`, its folder's) mtime back. */
async function leftover(rel: string, ageMs: number, folderAgeMs?: number) {
  const file = path.join(t.dataDir, 'tmp', rel);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, Buffer.alloc(64 * 1024));
  const at = new Date(Date.now() - ageMs);
  await fs.utimes(file, at, at);
  if (folderAgeMs !== undefined) {
    const folderAt = new Date(Date.now() - folderAgeMs);
    await fs.utimes(path.dirname(file), folderAt, folderAt);
  }
}

describe('the temp files sweep (tracks.temp-sweep)', () => {
  it('is scheduled, and removes crash leftovers untouched for an hour while keeping files in use', async () => {
    await leftover('uploads/partial-upload-from-a-crash', 3 * HOUR);
    await leftover('uploads/upload-being-received', 0);
    await leftover('uploads/probed-half-an-hour-ago', HOUR / 2);
    await leftover('jobs/1b8a3f52-0000-4000-8000-000000000001-aB3dE/original', 5 * HOUR, 5 * HOUR);
    // A job transcoding now: its folder is old, the rendition it writes is not.
    await leftover('jobs/1b8a3f52-0000-4000-8000-000000000002-xY7zW/original', 5 * HOUR, 5 * HOUR);
    await leftover('jobs/1b8a3f52-0000-4000-8000-000000000002-xY7zW/stream.webm', 0);

    // The scheduler queued the sweep at start, an hour ahead; make it due and run it.
    const queued = await t.ctx.database.query<{ run_at: Date }>(
      `SELECT run_at FROM jobs WHERE type = 'tracks.temp-sweep' AND status = 'queued'`,
    );
    expect(queued).toHaveLength(1);
    await t.ctx.database.query(`UPDATE jobs SET run_at = now() WHERE type = 'tracks.temp-sweep' AND status = 'queued'`);
    await t.ctx.jobs.drain();

    expect((await filesUnder(path.join(t.dataDir, 'tmp'))).sort()).toEqual([
      'jobs/1b8a3f52-0000-4000-8000-000000000002-xY7zW/original',
      'jobs/1b8a3f52-0000-4000-8000-000000000002-xY7zW/stream.webm',
      'uploads/probed-half-an-hour-ago',
      'uploads/upload-being-received',
    ]);
    const [done] = await t.ctx.database.query<{ status: string }>(
      `SELECT status FROM jobs WHERE type = 'tracks.temp-sweep' ORDER BY created_at LIMIT 1`,
    );
    expect(done.status).toBe('done');
    // The next run is queued again (every hour).
    const next = await t.ctx.database.query(
      `SELECT 1 FROM jobs WHERE type = 'tracks.temp-sweep' AND status = 'queued' AND run_at > now()`,
    );
    expect(next).toHaveLength(1);
  });
});

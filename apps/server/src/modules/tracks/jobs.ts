import fsp from 'node:fs/promises';
import path from 'node:path';
import { isUuid } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { defineJob, type ModuleJobs } from '../../jobs/define';
import { processCover, processTrack } from './processing';
import { markFailed, orphanedProcessingTracks, requeueRunningJobs } from './repo';
import { TRACK_COVER_JOB, TRACK_PROCESS_JOB } from './track-upload';

const trackIdOf = (payload: { trackId: string }) => {
  const id = String(payload.trackId ?? '');
  return isUuid(id) ? id : null;
};

/** `track.process` and `track.cover`; a track whose processing ran out of attempts becomes 'failed'. */
export const trackJobs: ModuleJobs = (ctx) => [
  defineJob(
    TRACK_PROCESS_JOB,
    async (payload) => {
      const id = trackIdOf(payload);
      if (id) await processTrack(ctx, id);
    },
    {
      lane: 'media',
      onFailed: async (payload, message) => {
        const id = trackIdOf(payload);
        if (!id) return;
        const row = await markFailed(ctx.database, id, message);
        if (!row) return;
        await ctx.events.publish('track.changed', { trackId: id });
        await ctx.bus.publish(`track:${id}`, 'track.processed', { trackId: id, status: 'failed' });
        await ctx.bus.publish(`user:${row.userId}`, 'track.processed', { trackId: id, status: 'failed' });
      },
    },
  ),
  defineJob(
    TRACK_COVER_JOB,
    async (payload) => {
      const id = trackIdOf(payload);
      if (id) await processCover(ctx, id);
    },
    { lane: 'media' },
  ),
];

/**
 * At boot: jobs left "running" by a process that died are queued again (with PGlite one process
 * owns the database, so any running job is an orphan; on PostgreSQL the lock expiry reclaims
 * them), and "processing" tracks without a job get one.
 */
export async function reconcileProcessing(
  ctx: AppContext,
  bootedAt = Date.now(),
): Promise<{ requeued: number; enqueued: number }> {
  const requeued =
    ctx.database.driver === 'pglite' ? await requeueRunningJobs(ctx.database, [TRACK_PROCESS_JOB, TRACK_COVER_JOB]) : 0;
  await sweepTempFiles(ctx, bootedAt);
  const orphans = await orphanedProcessingTracks(ctx.database);
  for (const trackId of orphans) await ctx.jobs.enqueue(TRACK_PROCESS_JOB, { trackId });
  return { requeued, enqueued: orphans.length };
}

/** Temp files left by a process that died mid-upload or mid-job. */
async function sweepTempFiles(ctx: AppContext, bootedAt: number): Promise<void> {
  // With PGlite this process owns DATA_DIR alone, so anything older than its boot is stale.
  const cutoff = ctx.database.driver === 'pglite' ? bootedAt : bootedAt - 6 * 3600_000;
  for (const sub of ['uploads', 'jobs']) {
    const dir = path.join(ctx.config.dataDir, 'tmp', sub);
    const entries = await fsp.readdir(dir).catch(() => [] as string[]);
    for (const name of entries) {
      const full = path.join(dir, name);
      const stat = await fsp.stat(full).catch(() => null);
      if (stat && stat.mtimeMs < cutoff) await fsp.rm(full, { recursive: true, force: true });
    }
  }
}

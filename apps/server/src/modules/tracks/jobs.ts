import { isUuid } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { defineJob, type ModuleJobs } from '../../jobs/define';
import { every, type Schedule } from '../../jobs/schedule';
import { MediaRejectedError } from '../../media/probe';
import { processCover, processTrack } from './processing';
import { markFailed, orphanedProcessingTracks, requeueRunningJobs } from './repo';
import { sweepTempFiles, TEMP_SAFE_AGE_MS } from './temp-sweep';
import { TRACK_COVER_JOB, TRACK_PROCESS_JOB } from './track-upload';

export const TEMP_SWEEP_JOB = 'tracks.temp-sweep';

const trackIdOf = (payload: { trackId: string }) => {
  const id = String(payload.trackId ?? '');
  return isUuid(id) ? id : null;
};

/** `track.process` and `track.cover`; a track whose processing ran out of attempts becomes 'failed'. */
export const trackJobs: ModuleJobs = (ctx) => {
  async function failTrack(id: string, message: string) {
    const row = await markFailed(ctx.database, id, message);
    if (!row) return;
    await ctx.events.publish('track.changed', { trackId: id });
    await ctx.bus.publish(`track:${id}`, 'track.processed', { trackId: id, status: 'failed' });
    await ctx.bus.publish(`user:${row.userId}`, 'track.processed', { trackId: id, status: 'failed' });
  }
  return [
    defineJob(
      TRACK_PROCESS_JOB,
      async (payload) => {
        const id = trackIdOf(payload);
        if (!id) return;
        try {
          await processTrack(ctx, id);
        } catch (e) {
          // A refusal (a transcode over its CPU budget) is final: no retry would end otherwise.
          if (e instanceof MediaRejectedError) return failTrack(id, e.message);
          throw e;
        }
      },
      {
        lane: 'media',
        onFailed: async (payload, message) => {
          const id = trackIdOf(payload);
          if (id) await failTrack(id, message);
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
    // Crash leftovers (a partial upload, a job folder) go within the hour, not at the next boot.
    defineJob(TEMP_SWEEP_JOB, async () => {
      await sweepTempFiles(ctx, Date.now() - TEMP_SAFE_AGE_MS);
    }),
  ];
};

export const trackSchedules: Schedule[] = [every(TEMP_SWEEP_JOB, 'temp files sweep', TEMP_SAFE_AGE_MS)];

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
  // With PGlite this process owns DATA_DIR alone, so anything older than its boot is stale.
  await sweepTempFiles(ctx, ctx.database.driver === 'pglite' ? bootedAt : bootedAt - 6 * 3600_000);
  const orphans = await orphanedProcessingTracks(ctx.database);
  for (const trackId of orphans) await ctx.jobs.enqueue(TRACK_PROCESS_JOB, { trackId });
  return { requeued, enqueued: orphans.length };
}

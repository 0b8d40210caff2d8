import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppContext } from '../../../context';
import { defineJob, type ModuleJobs } from '../../../jobs/define';
import { every, type Schedule } from '../../../jobs/schedule';
import { analyzeTrack } from '../engine/analyze';
import { downloadTo, playableKey } from './fetch';
import { saveCues, tracksWithoutCues } from './repo';

export const RADIO_CUES_JOB = 'radio.cues';
/** Tracks measured per run. */
const BATCH = 20;

/**
 * Measures the tracks that have no cues yet (ADR 0055): a new upload within minutes of its
 * processing, the existing library as a backfill, in a lane of its own: a batch of twenty takes
 * minutes on a busy machine, and an upload's transcode in the media lane must not wait for it. A file ffmpeg cannot measure
 * gets a whole-file row, so it is not tried forever.
 */
export async function measureMissingCues(ctx: AppContext, limit = BATCH): Promise<number> {
  const rows = await tracksWithoutCues(ctx.database, limit);
  if (rows.length === 0) return 0;
  const dir = await mkdtemp(path.join(tmpdir(), 'wavecast-cues-'));
  try {
    for (const row of rows) {
      const key = playableKey(row.media, row.audioKey);
      const file = path.join(dir, row.id);
      try {
        if (!key) throw new Error('no audio');
        await downloadTo(ctx, key, file);
        const c = await analyzeTrack(file, { ffmpeg: ctx.config.FFMPEG_PATH, timeoutMs: 5 * 60_000 });
        await saveCues(ctx.database, { audioId: row.id, ...c });
      } catch {
        await saveCues(ctx.database, {
          audioId: row.id,
          integratedLufs: null,
          peakDbfs: null,
          cueInMs: 0,
          cueOutMs: 0,
          crossfadeStartMs: 0,
          durationMs: 0,
        });
      } finally {
        await rm(file, { force: true });
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return rows.length;
}

export const radioCueJobs: ModuleJobs = (ctx) => [
  defineJob(RADIO_CUES_JOB, async () => void (await measureMissingCues(ctx)), { lane: 'analysis' }),
];

export const radioCueSchedules: Schedule[] = [every(RADIO_CUES_JOB, 'radio cue points', 5 * 60_000)];

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppContext } from '../../../context';
import { defineJob, type ModuleJobs } from '../../../jobs/define';
import { every, type Schedule } from '../../../jobs/schedule';
import { analyzeTrack } from '../engine/analyze';
import { downloadTo, playableKey } from './fetch';
import { saveCues, tracksWithoutCues, trackWithoutCues, type UnmeasuredTrack } from './repo';

export const RADIO_CUES_JOB = 'radio.cues';
export const RADIO_CUES_TRACK_JOB = 'radio.cues.track';
/** Tracks measured per catch-up run. */
const BATCH = 20;
/**
 * The catch-up leaves alone tracks readied this recently: their own `radio.cues.track` job (queued
 * at `track.ready`) is due or running, and measuring them twice would only cost CPU.
 */
export const CATCH_UP_AFTER_MS = 15 * 60_000;

/**
 * Measures one track (ADR 0055, 0079): its playable rendition downloaded into `dir`, ffmpeg's EBU
 * R128 loudness and 100 ms frames, cue and crossfade points saved. A file ffmpeg cannot measure (or
 * storage cannot give) gets a whole-file row, so it is not tried forever.
 */
async function measure(ctx: AppContext, row: UnmeasuredTrack, dir: string): Promise<void> {
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

async function inWorkDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wavecast-cues-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `radio.cues.track`, queued when a track's upload processing ends (`track.ready`): the track is
 * measured once, within seconds of becoming ready, so a channel plays it by its cues and at its
 * loudness from its first airing. Nothing to do when it is gone, not ready, or measured already.
 */
export async function measureTrackCues(ctx: AppContext, trackId: string): Promise<boolean> {
  const row = await trackWithoutCues(ctx.database, trackId);
  if (!row) return false;
  await inWorkDir((dir) => measure(ctx, row, dir));
  return true;
}

/**
 * `radio.cues`, every 5 minutes: only a catch-up now. Tracks are measured at upload (above); this
 * measures ready tracks that still have no row after CATCH_UP_AFTER_MS: uploaded before measuring at
 * upload existed, or their job was lost (a process died mid-measure, the event never dispatched).
 */
export async function measureMissingCues(ctx: AppContext, limit = BATCH): Promise<number> {
  const rows = await tracksWithoutCues(ctx.database, limit, new Date(Date.now() - CATCH_UP_AFTER_MS));
  if (rows.length === 0) return 0;
  await inWorkDir(async (dir) => {
    for (const row of rows) await measure(ctx, row, dir);
  });
  return rows.length;
}

/** Both in a lane of their own: a batch takes minutes on a busy machine, and uploads' transcodes (media lane) must not wait for it. */
export const radioCueJobs: ModuleJobs = (ctx) => [
  defineJob(RADIO_CUES_JOB, async () => void (await measureMissingCues(ctx)), { lane: 'analysis' }),
  defineJob(
    RADIO_CUES_TRACK_JOB,
    async (payload) => void (await measureTrackCues(ctx, String(payload.trackId ?? ''))),
    { lane: 'analysis' },
  ),
];

export const radioCueSchedules: Schedule[] = [every(RADIO_CUES_JOB, 'radio cue points (catch-up)', 5 * 60_000)];

/** A track's upload processing ended: its measurement is queued (a job: it must not be lost, and takes seconds). */
export function subscribeCueMeasurement(ctx: AppContext): void {
  ctx.events.once('track.ready', async (e) => {
    await ctx.jobs.enqueue(RADIO_CUES_TRACK_JOB, { trackId: e.payload.trackId });
  });
}

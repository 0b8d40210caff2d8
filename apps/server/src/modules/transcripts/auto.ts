import path from 'node:path';
import { AUTO_TRANSCRIPT_UNAVAILABLE, isUuid, SPOKEN_WORD_CATEGORIES, type TAutoTranscript } from '@wavecast/shared';
import type { AppContext } from '../../context';
import type { AutoTranscriptStatus } from '../../db/schema';
import { defineJob, type ModuleJobs } from '../../jobs/define';
import { AppError } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import { downloadTo, withWorkDir } from '../../lib/work-dir';
import { ffmpeg } from '../../media/ffmpeg';
import { extendJobLock, findTrack } from '../tracks/repo';
import * as repo from './auto-repo';
import { findRecognizer, recognize } from './recognizer';

export const GENERATE_JOB = 'transcript.generate';
/** A worker's claim lasts 10 minutes (jobs/queue.ts): an hour of speech renews it while it works. */
const HEARTBEAT_MS = 60_000;
const LOCK_SECONDS = 600;
/** PocketSphinx takes about a third of the audio's length on one core; a busy machine gets 3x + 2 min. */
const recognizeTimeoutMs = (durationSeconds: number) => (durationSeconds * 3 + 120) * 1000;

const NO_SPEECH = 'No speech was recognised in this audio';
const NOT_READY = 'The audio is not ready yet';

/**
 * Automatic transcripts (issue 36): a spoken-word track gets one when it is ready, and its owner can
 * ask for one, where a speech recogniser is installed. The recogniser's transcript is marked
 * `automatic`, and never replaces one the creator uploaded or pasted; the creator's replaces it.
 */
export const autoTranscriptService = perApp((ctx: AppContext) => {
  // Looked for once per app, as ffmpeg is: installing a recogniser takes a restart.
  let found: string | null | undefined;
  const program = () => {
    if (found === undefined) found = findRecognizer(ctx.config.SPEECH_RECOGNIZER);
    return found;
  };

  const setStatus = (trackId: string, status: AutoTranscriptStatus, error: string | null = null) =>
    repo.setStatus(ctx.database, trackId, status, error, ctx.clock.now());

  /**
   * Queues the recogniser for the track. `again`: a finished request is asked again (the owner's
   * button); otherwise only a track never asked about is queued (however often it changes).
   */
  async function request(trackId: string, again: boolean): Promise<void> {
    if (await repo.recordRequest(ctx.database, trackId, again, ctx.clock.now())) {
      await ctx.jobs.enqueue(GENERATE_JOB, { trackId });
    }
  }

  return {
    available: () => program() !== null,

    async status(trackId: string): Promise<TAutoTranscript> {
      const row = await repo.findRequest(ctx.database, trackId);
      return { available: program() !== null, status: row?.status ?? null, error: row?.error ?? null };
    },

    /** The owner's "Generate transcript": 409 without a recogniser, or over a transcript of their own. */
    async requestByOwner(trackId: string): Promise<TAutoTranscript> {
      if (!program()) throw new AppError('CONFLICT', AUTO_TRANSCRIPT_UNAVAILABLE);
      if ((await repo.transcriptSource(ctx.database, trackId)) === 'manual') {
        throw new AppError('CONFLICT', 'Remove your transcript first to generate one automatically');
      }
      await request(trackId, true);
      return this.status(trackId);
    },

    /** A ready spoken-word track without a transcript gets one, once (a `track.changed` subscriber). */
    async requestIfSpoken(trackId: string): Promise<void> {
      if (!program()) return;
      const track = await findTrack(ctx.database, trackId);
      if (track?.status !== 'ready' || !SPOKEN_WORD_CATEGORIES.includes(track.category ?? '')) return;
      if (!(await repo.transcriptSource(ctx.database, trackId))) await request(trackId, false);
    },

    /** The job: decode to 16 kHz mono, recognise, keep the cues unless the creator has their own. */
    async generate(trackId: string): Promise<void> {
      const recognizer = program();
      if (!recognizer) return setStatus(trackId, 'failed', AUTO_TRANSCRIPT_UNAVAILABLE);
      const track = await findTrack(ctx.database, trackId);
      if (!track) return; // deleted: its request row went with it
      const source = track.media?.opusKey;
      if (track.status !== 'ready' || !source) return setStatus(trackId, 'failed', NOT_READY);
      await setStatus(trackId, 'running');
      const heartbeat = setInterval(() => {
        extendJobLock(ctx.database, GENERATE_JOB, trackId, LOCK_SECONDS).catch(() => {});
      }, HEARTBEAT_MS);
      heartbeat.unref();
      try {
        const cues = await withWorkDir(ctx, `transcript-${trackId}`, async (dir) => {
          const audio = path.join(dir, 'audio');
          const wav = path.join(dir, 'speech.wav');
          await downloadTo(ctx, source, audio);
          await ffmpeg(['-i', audio, '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-y', wav], {
            ffmpeg: ctx.config.FFMPEG_PATH,
          });
          return recognize(recognizer, wav, recognizeTimeoutMs(track.duration ?? 3600));
        });
        if (cues.length === 0) return setStatus(trackId, 'failed', NO_SPEECH);
        await repo.saveAutomatic(ctx.database, trackId, cues, ctx.clock.now());
        await setStatus(trackId, 'done');
      } finally {
        clearInterval(heartbeat);
      }
    },

    setStatus,
  };
});

/** `transcript.generate`, in its own lane: an hour of speech never holds up an upload's transcode. */
export const transcriptJobs: ModuleJobs = (ctx) => {
  const service = autoTranscriptService(ctx);
  return [
    defineJob(GENERATE_JOB, async ({ trackId }) => (isUuid(String(trackId)) ? service.generate(trackId) : undefined), {
      lane: 'speech',
      onFailed: async ({ trackId }, message) => service.setStatus(String(trackId), 'failed', message.slice(0, 300)),
    }),
  ];
};

/** A spoken-word track that became ready is transcribed once (the event comes to one process). */
export function subscribeAutoTranscripts(ctx: AppContext): void {
  const service = autoTranscriptService(ctx);
  ctx.events.once('track.changed', async ({ payload }) => service.requestIfSpoken(payload.trackId));
}

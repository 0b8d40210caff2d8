import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context';
import { downloadTo as download, withWorkDir } from '../../lib/work-dir';
import { COVER_SIZES, type CoverSize, resizeCover } from '../../media/cover';
import { CpuBudgetExceededError } from '../../media/ffmpeg';
import { detectContainer, MediaRejectedError } from '../../media/probe';
import { SNIFF_BYTES, sniffImage } from '../../media/sniff';
import { processAudio, processCpuBudgetSeconds, processTimeoutMs, RENDITIONS } from '../../media/transcode';
import { billing } from '../billing';
import { findUser } from '../users/repo';
import { announceIfPublic } from './announce';
import { completeProcessing, extendJobLock, findTrack, setCoverSizes, type TrackRow } from './repo';
import { coverSizeKey, derivedPrefixes, isDerivedKey, newRunId, renditionKey } from './storage-keys';

/** A worker's claim lasts 10 minutes (queue.ts); long jobs renew theirs so nobody else takes it. */
const HEARTBEAT_MS = 60_000;
const LOCK_SECONDS = 600;

/** Stored objects made by this run; deleted again if the run does not commit them. */
class RunObjects {
  readonly keys: string[] = [];
  constructor(private readonly ctx: AppContext) {}
  async put(key: string, file: string, contentType: string) {
    this.keys.push(key);
    await this.ctx.storage.put(key, fs.createReadStream(file), { contentType });
    return key;
  }
  async discard() {
    await Promise.allSettled(this.keys.map((k) => this.ctx.storage.delete(k)));
    this.keys.length = 0;
  }
}

/** ffmpeg's message without our temp paths: it reaches the owner as the failure reason. */
function reasonFrom(e: unknown, dir: string): string {
  const detail = (e instanceof Error ? e.message : String(e)).split(dir).join('').replace(/\s+/g, ' ').trim();
  return `The audio could not be processed (${detail.slice(0, 300)}). Please upload the file again or try another one.`;
}

const OVER_BUDGET =
  'The audio could not be processed (it takes far longer to decode than its length allows). Please upload the file again or try another one.';

/**
 * `track.process`: renditions (Opus/WebM and AAC/M4A, and HD Opus for plans with HD publishing), EBU R128 loudness and playback gain,
 * waveform peaks, cover sizes; then the track is ready. Safe to run twice: every run writes new
 * keys, commits them in one UPDATE and removes whatever the row no longer points at.
 */
export async function processTrack(ctx: AppContext, trackId: string): Promise<void> {
  const track = await findTrack(ctx.database, trackId);
  if (!track) return; // deleted meanwhile
  const done = track.status === 'ready' && track.media?.opusKey && track.media?.aacKey && track.peaks;
  if (!done) await transcode(ctx, track);
  try {
    await processCover(ctx, trackId);
  } catch {
    // A cover that cannot be resized is served as uploaded; the audio is what matters here.
  }
  await collectLeftovers(ctx, trackId);
  const ready = await findTrack(ctx.database, trackId);
  if (!ready) return;
  await ctx.events.publish('track.changed', { trackId });
  if (!done) {
    // What measures the new audio further (the radio's cues) subscribes to this, not called from here.
    await ctx.events.publish('track.ready', { trackId, ownerId: ready.userId });
    await ctx.bus.publish(`track:${trackId}`, 'track.processed', { trackId, status: 'ready' });
    await ctx.bus.publish(`user:${ready.userId}`, 'track.processed', { trackId, status: 'ready' });
  }
  await announceIfPublic(ctx, trackId);
}

/**
 * Whether the owner's plan gives HD publishing, asked of billing's entitlements when the track is
 * processed. The answer is kept in what the run makes: a later plan change does not re-transcode
 * old tracks (an upgrade gives HD to new uploads; a downgrade keeps the HD renditions made).
 */
async function ownerPublishesInHd(ctx: AppContext, userId: string): Promise<boolean> {
  const owner = await findUser(ctx.database.db, userId);
  if (!owner) return false;
  const { entitlements } = await billing(ctx).entitlements.of({ id: owner.id, role: owner.userRole });
  return entitlements.hdPublishing;
}

async function transcode(ctx: AppContext, track: TrackRow): Promise<void> {
  const objects = new RunObjects(ctx);
  const heartbeat = setInterval(() => {
    extendJobLock(ctx.database, 'track.process', track.id, LOCK_SECONDS).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    await withWorkDir(ctx, track.id, async (dir) => {
      try {
        const original = path.join(dir, 'original');
        await download(ctx, track.audioKey, original);
        const container = await detectContainer(original);
        if (!container) throw new Error('the stored file is not a supported audio format');
        const hd = await ownerPublishesInHd(ctx, track.userId);
        const out = {
          opus: path.join(dir, 'stream.webm'),
          aac: path.join(dir, 'stream.m4a'),
          ...(hd ? { hd: path.join(dir, 'stream.hd.webm') } : {}),
        };
        const result = await processAudio(original, container, out, {
          ffmpeg: ctx.config.FFMPEG_PATH,
          channels: track.channels ?? undefined,
          timeoutMs: processTimeoutMs(track.duration),
          cpuSeconds: processCpuBudgetSeconds(track.duration, {
            factor: ctx.config.TRANSCODE_CPU_FACTOR,
            baseSeconds: ctx.config.TRANSCODE_CPU_BASE_SECONDS,
          }),
        });
        if (result.durationSeconds <= 0) throw new Error('no audio could be decoded');
        const run = newRunId();
        const opusKey = await objects.put(
          renditionKey(track.userId, track.id, run, RENDITIONS.opus.ext),
          out.opus,
          RENDITIONS.opus.contentType,
        );
        const aacKey = await objects.put(
          renditionKey(track.userId, track.id, run, RENDITIONS.aac.ext),
          out.aac,
          RENDITIONS.aac.contentType,
        );
        const hdKey = out.hd
          ? await objects.put(
              renditionKey(track.userId, track.id, run, RENDITIONS.hd.ext),
              out.hd,
              RENDITIONS.hd.contentType,
            )
          : undefined;
        const updated = await completeProcessing(ctx.database, track.id, {
          media: { opusKey, aacKey, ...(hdKey ? { hdKey } : {}) },
          duration: Math.round(result.durationSeconds * 1000) / 1000,
          loudnessLufs: result.loudness.integratedLufs,
          gainDb: result.gainDb,
          peaks: result.peaks,
        });
        if (!updated) return objects.discard(); // deleted while we worked
        objects.keys.length = 0; // committed
      } catch (e) {
        await objects.discard();
        // Another attempt would burn the same budget again: the track fails at once.
        if (e instanceof CpuBudgetExceededError) throw new MediaRejectedError(OVER_BUDGET);
        throw new Error(reasonFrom(e, dir));
      }
    });
  } finally {
    clearInterval(heartbeat);
  }
}

/** `track.cover` (and part of `track.process`): square JPEGs of the cover at every standard size. */
export async function processCover(ctx: AppContext, trackId: string): Promise<void> {
  const track = await findTrack(ctx.database, trackId);
  if (!track?.coverKey) return;
  const coverKey = track.coverKey;
  const existing = track.media?.coverKeys ?? {};
  if (COVER_SIZES.every((s) => existing[String(s)])) return;
  const objects = new RunObjects(ctx);
  await withWorkDir(ctx, trackId, async (dir) => {
    try {
      const input = path.join(dir, 'cover');
      await download(ctx, coverKey, input);
      const fh = await fsp.open(input, 'r');
      const head = Buffer.alloc(SNIFF_BYTES);
      await fh.read(head, 0, SNIFF_BYTES, 0);
      await fh.close();
      const type = sniffImage(head);
      if (!type) return;
      const outputs = Object.fromEntries(COVER_SIZES.map((s) => [s, path.join(dir, `${s}.jpg`)])) as Record<
        CoverSize,
        string
      >;
      await resizeCover(input, type, outputs, { ffmpeg: ctx.config.FFMPEG_PATH });
      const run = newRunId();
      const keys: Record<string, string> = {};
      for (const s of COVER_SIZES) {
        keys[String(s)] = await objects.put(coverSizeKey(track.userId, trackId, run, s), outputs[s], 'image/jpeg');
      }
      if (!(await setCoverSizes(ctx.database, trackId, coverKey, keys))) return objects.discard();
      objects.keys.length = 0;
      await ctx.events.publish('track.changed', { trackId });
    } catch (e) {
      await objects.discard();
      throw e;
    }
  });
}

/** Removes derived objects the row no longer points at (earlier runs, a crashed run's output). */
export async function collectLeftovers(ctx: AppContext, trackId: string): Promise<void> {
  const track = await findTrack(ctx.database, trackId);
  if (!track) return;
  const live = new Set(
    [
      track.media?.opusKey,
      track.media?.aacKey,
      track.media?.hdKey,
      ...Object.values(track.media?.coverKeys ?? {}),
    ].filter(Boolean),
  );
  for (const prefix of derivedPrefixes(track.userId, trackId)) {
    // Drivers list by folder (local) or by prefix (S3): list the folder, filter by the prefix.
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    const keys = (await ctx.storage.list(folder)).filter((k) => k.startsWith(prefix));
    await Promise.allSettled(
      keys.filter((k) => isDerivedKey(k, trackId) && !live.has(k)).map((k) => ctx.storage.delete(k)),
    );
  }
}

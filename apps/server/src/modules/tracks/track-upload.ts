import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  audioTooLargeMessage,
  chaptersProblem,
  DEFAULT_CATEGORY,
  formatFileSize,
  MESSAGES,
  type TChapterMarker,
  TRACK_LIMITS,
  ZTrackUploadFields,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { imageIsUsable } from '../../media/cover';
import { MediaRejectedError, probeAudio } from '../../media/probe';
import { AUDIO_FORMATS, IMAGE_FORMATS, type ImageType, SNIFF_BYTES, sniffAudio, sniffImage } from '../../media/sniff';
import { premiereService } from '../rooms/premieres/service';
import { premiereTimeProblem } from '../rooms/premieres/state-machine';
import { discard, type ReceivedFile, receiveFile } from './receive-file';
import { insertTrack, type TrackRow } from './repo';
import { originalAudioKey, originalCoverKey } from './storage-keys';

export const TRACK_PROCESS_JOB = 'track.process';
export const TRACK_COVER_JOB = 'track.cover';

const FIELD_NAMES = new Set([
  'title',
  'description',
  'category',
  'tags',
  'isPublic',
  'allowDownloads',
  'chapterMarkers',
  'premiereAt',
]);

/** Where uploads wait while they are checked (removed on every path out). */
export const uploadTempDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'tmp', 'uploads');

const unsupportedAudio = () =>
  new AppError(
    'UNSUPPORTED_MEDIA',
    'This file is not a supported audio file. Please upload MP3, WAV, M4A, AAC, FLAC, Ogg or WebM audio.',
  );
const unsupportedImage = () => new AppError('UNSUPPORTED_MEDIA', 'The cover must be a JPEG, PNG or WebP image.');

export function receiveAudio(ctx: AppContext, part: MultipartFile) {
  return receiveFile(part, {
    dir: uploadTempDir(ctx),
    maxBytes: ctx.config.MAX_UPLOAD_BYTES,
    sniffBytes: SNIFF_BYTES,
    sniff: (head) => (sniffAudio(head) ? true : null),
    refused: unsupportedAudio,
    empty: () => new AppError('VALIDATION_FAILED', 'The audio file is empty.'),
    tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', audioTooLargeMessage(ctx.config.MAX_UPLOAD_BYTES)),
  });
}

export function receiveCover(ctx: AppContext, part: MultipartFile) {
  const max = Math.min(TRACK_LIMITS.coverMaxBytes, ctx.config.MAX_UPLOAD_BYTES);
  return receiveFile<ImageType>(part, {
    dir: uploadTempDir(ctx),
    maxBytes: max,
    sniffBytes: SNIFF_BYTES,
    sniff: sniffImage,
    refused: unsupportedImage,
    empty: () => new AppError('VALIDATION_FAILED', 'The cover image is empty.'),
    tooLarge: () =>
      new AppError('PAYLOAD_TOO_LARGE', `The cover image is larger than the ${formatFileSize(max)} limit.`),
  });
}

/** Refuses a cover that does not decode. */
export async function checkCover(ctx: AppContext, cover: ReceivedFile<ImageType>): Promise<void> {
  if (!(await imageIsUsable(cover.path, cover.kind, { ffmpeg: ctx.config.FFMPEG_PATH }))) {
    throw new AppError('UNSUPPORTED_MEDIA', 'The cover image could not be read. Please choose another image.');
  }
}

function jsonArray(value: string | undefined, what: string): unknown[] | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    const parsed = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // reported below
  }
  throw badRequest(`${what} must be a JSON array`);
}

const bool = (v: string | undefined) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'on');

/** The text fields of an upload, validated by the shared contract (spec section 5 messages). */
export function parseUploadFields(fields: Record<string, string>) {
  const parsed = ZTrackUploadFields.parse({
    title: fields.title ?? '',
    description: fields.description,
    category: fields.category || undefined,
    tags: jsonArray(fields.tags, 'Tags'),
    isPublic: bool(fields.isPublic),
    allowDownloads: bool(fields.allowDownloads),
    chapterMarkers: jsonArray(fields.chapterMarkers, 'Chapter markers'),
    premiereAt: fields.premiereAt || undefined,
  });
  const chapters: TChapterMarker[] | null = parsed.chapterMarkers?.length
    ? parsed.chapterMarkers.map((c) => ({ id: c.id || randomUUID(), title: c.title, startTime: c.startTime }))
    : null;
  return {
    title: parsed.title,
    description: parsed.description ?? null,
    category: parsed.category ?? DEFAULT_CATEGORY,
    tags: parsed.tags?.length ? parsed.tags : null,
    // A premiere hides the track until its start (ADR 0058).
    isPublic: parsed.premiereAt ? false : parsed.isPublic,
    allowDownloads: parsed.allowDownloads,
    chapterMarkers: chapters,
    premiereAt: parsed.premiereAt ?? null,
  };
}

/** Puts files into storage, remembering each key so a later failure can take them back. */
class StoredObjects {
  readonly keys: string[] = [];
  constructor(private readonly ctx: AppContext) {}
  async put(key: string, file: string, contentType: string) {
    this.keys.push(key);
    return this.ctx.storage.put(key, fs.createReadStream(file), { contentType });
  }
  async rollback() {
    await Promise.allSettled(this.keys.map((k) => this.ctx.storage.delete(k)));
  }
}

/**
 * POST /api/tracks: streams the parts to temp files, checks them (magic bytes, size, probe),
 * stores them under server-made keys, inserts the row and queues processing. Whatever fails
 * (refusal, abort, database), no row, object or temp file is left behind.
 */
export async function ingestUpload(
  ctx: AppContext,
  user: SessionUser,
  parts: AsyncIterableIterator<Multipart>,
): Promise<TrackRow> {
  const temps: string[] = [];
  const stored = new StoredObjects(ctx);
  let committed = false;
  try {
    const fields: Record<string, string> = {};
    let audio: ReceivedFile<true> | null = null;
    let cover: ReceivedFile<ImageType> | null = null;
    let filename: string | null = null;
    for await (const part of parts) {
      if (part.type === 'field') {
        if (FIELD_NAMES.has(part.fieldname)) fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === 'audio' && !audio) {
        audio = await receiveAudio(ctx, part);
        temps.push(audio.path);
        filename = part.filename ? part.filename.slice(0, 255) : null;
      } else if (part.fieldname === 'cover' && !cover) {
        cover = await receiveCover(ctx, part);
        temps.push(cover.path);
      } else {
        await discard(part);
      }
    }
    if (!audio) throw badRequest(MESSAGES.audioFileRequired);
    const { premiereAt, ...meta } = parseUploadFields(fields);
    // The premiere's time is checked before anything is stored: a bad one is a 400 and no track.
    const premiereProblem = premiereAt && premiereTimeProblem(new Date(premiereAt), ctx.clock.now());
    if (premiereProblem) throw badRequest(premiereProblem);

    let probe: Awaited<ReturnType<typeof probeAudio>>;
    try {
      probe = await probeAudio(audio.path, {
        ffmpeg: ctx.config.FFMPEG_PATH,
        maxSeconds: ctx.config.MAX_AUDIO_SECONDS,
      });
    } catch (e) {
      if (e instanceof MediaRejectedError) throw new AppError('UNSUPPORTED_MEDIA', e.message);
      throw e;
    }
    const chapterProblem = chaptersProblem(meta.chapterMarkers ?? [], probe.durationSeconds);
    if (chapterProblem) throw badRequest(chapterProblem);
    if (cover) await checkCover(ctx, cover);

    const trackId = randomUUID();
    const format = AUDIO_FORMATS[probe.container];
    const audioKey = originalAudioKey(user.id, trackId, format.ext);
    await stored.put(audioKey, audio.path, format.mime);
    let coverKey: string | null = null;
    if (cover) {
      coverKey = originalCoverKey(user.id, IMAGE_FORMATS[cover.kind].ext);
      await stored.put(coverKey, cover.path, IMAGE_FORMATS[cover.kind].mime);
    }
    const row = await insertTrack(ctx.database, {
      id: trackId,
      userId: user.id,
      ...meta,
      audioKey,
      audioMime: format.mime,
      audioBytes: audio.bytes,
      originalFilename: filename,
      codec: probe.codec,
      channels: probe.channels,
      duration: probe.durationSeconds,
      coverKey,
      status: 'processing',
    });
    committed = true;
    // A crash right here leaves a "processing" row without a job: the boot reconciliation queues it.
    await ctx.jobs.enqueue(TRACK_PROCESS_JOB, { trackId });
    if (premiereAt) await premiereService(ctx).schedule(user, trackId, premiereAt, { atUpload: true });
    return row;
  } finally {
    await Promise.allSettled(temps.map((t) => fsp.rm(t, { force: true })));
    if (!committed) await stored.rollback();
  }
}

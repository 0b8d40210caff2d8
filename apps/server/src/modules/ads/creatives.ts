import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import {
  AD_AUDIO_MAX_BYTES,
  AD_IMAGE_MAX_BYTES,
  AD_MESSAGES,
  type AdFormat,
  AUDIO_AD_SECONDS,
  DISPLAY_AD_SIZES,
  formatFileSize,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/errors';
import { imageSize } from '../../media/cover';
import { ffmpeg } from '../../media/ffmpeg';
import { TARGET_LUFS } from '../../media/loudness';
import { inputArgs, MediaRejectedError, probeAudio } from '../../media/probe';
import { IMAGE_FORMATS, type ImageType, SNIFF_BYTES, sniffAudio, sniffImage } from '../../media/sniff';
import { receiveFile } from '../tracks/receive-file';
import { uploadTempDir } from '../tracks/track-upload';

/** A checked creative, stored: what the campaign row keeps. */
export interface StoredCreative {
  key: string;
  mime: string;
  seconds: number | null;
  width: number | null;
  height: number | null;
}

/** The normalised audio creative: AAC in MP4, which every browser and VAST player plays. */
const AD_AUDIO = { ext: 'm4a', mime: 'audio/mp4' } as const;
/** True peak kept under -1.5 dBTP while the ad is brought to the track pipeline's target. */
const loudnorm = `loudnorm=I=${TARGET_LUFS}:TP=-1.5:LRA=11`;

/**
 * Takes one creative part (audio for audio campaigns, an image for display and sponsored ones),
 * checks it as uploads are checked (magic bytes, size limit, decodes, length or pixel size) and
 * stores it under `ads/{campaignId}/…`. Audio is loudness-normalised to the platform's target, so
 * an ad is never louder than the content around it. Temp files are removed on every path out.
 */
export async function takeCreative(
  ctx: AppContext,
  campaignId: string,
  format: AdFormat,
  part: MultipartFile,
): Promise<StoredCreative> {
  const ff = ctx.config.FFMPEG_PATH;
  if (format === 'audio') {
    const received = await receiveFile(part, {
      dir: uploadTempDir(ctx),
      maxBytes: AD_AUDIO_MAX_BYTES,
      sniffBytes: SNIFF_BYTES,
      sniff: (head) => (sniffAudio(head) ? true : null),
      refused: () => new AppError('UNSUPPORTED_MEDIA', AD_MESSAGES.creativeWrongFormat),
      empty: () => badRequest('The audio file is empty.'),
      tooLarge: () =>
        new AppError(
          'PAYLOAD_TOO_LARGE',
          `The audio file is larger than the ${formatFileSize(AD_AUDIO_MAX_BYTES)} limit.`,
        ),
    });
    const out = `${received.path}.${AD_AUDIO.ext}`;
    try {
      let probe: Awaited<ReturnType<typeof probeAudio>>;
      try {
        probe = await probeAudio(received.path, { ffmpeg: ff });
      } catch (e) {
        if (e instanceof MediaRejectedError) throw new AppError('UNSUPPORTED_MEDIA', e.message);
        throw e;
      }
      // A tenth of a second either way: encoders pad frames.
      if (probe.durationSeconds < AUDIO_AD_SECONDS.min - 0.1 || probe.durationSeconds > AUDIO_AD_SECONDS.max + 0.1) {
        throw badRequest(AD_MESSAGES.audioLength);
      }
      await ffmpeg(
        [
          '-v',
          'error',
          ...inputArgs(received.path, probe.container),
          ...['-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1', '-af', loudnorm, '-ar', '44100'],
          ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'ipod', '-y', out],
        ],
        { ffmpeg: ff, timeoutMs: 120_000 },
      );
      const key = `ads/${campaignId}/${Date.now()}.${AD_AUDIO.ext}`;
      await ctx.storage.put(key, fs.createReadStream(out), { contentType: AD_AUDIO.mime });
      return {
        key,
        mime: AD_AUDIO.mime,
        seconds: Math.round(probe.durationSeconds * 100) / 100,
        width: null,
        height: null,
      };
    } finally {
      await fsp.rm(received.path, { force: true });
      await fsp.rm(out, { force: true });
    }
  }

  const received = await receiveFile<ImageType>(part, {
    dir: uploadTempDir(ctx),
    maxBytes: AD_IMAGE_MAX_BYTES,
    sniffBytes: SNIFF_BYTES,
    // JPEG, PNG or WebP by their magic bytes: SVG (a script carrier), GIF and the rest are refused.
    sniff: sniffImage,
    refused: () => new AppError('UNSUPPORTED_MEDIA', AD_MESSAGES.imageType),
    empty: () => badRequest('The image is empty.'),
    tooLarge: () =>
      new AppError('PAYLOAD_TOO_LARGE', `The image is larger than the ${formatFileSize(AD_IMAGE_MAX_BYTES)} limit.`),
  });
  try {
    const size = await imageSize(received.path, received.kind, ff);
    if (!size) throw new AppError('UNSUPPORTED_MEDIA', 'The image could not be read. Please choose another image.');
    // Display ads fill fixed slots; a sponsored card's image is cropped to its frame.
    if (format === 'display' && !DISPLAY_AD_SIZES.some((s) => s.width === size.width && s.height === size.height)) {
      throw badRequest(AD_MESSAGES.imageSize);
    }
    if (format === 'sponsored' && (size.width > 4096 || size.height > 4096)) throw badRequest(AD_MESSAGES.imageSize);
    const info = IMAGE_FORMATS[received.kind];
    const key = `ads/${campaignId}/${Date.now()}.${info.ext}`;
    await ctx.storage.put(key, fs.createReadStream(received.path), { contentType: info.mime });
    return { key, mime: info.mime, seconds: null, width: size.width, height: size.height };
  } finally {
    await fsp.rm(received.path, { force: true });
  }
}

export const creativeFileName = (key: string) => path.basename(key);

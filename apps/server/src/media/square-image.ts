import fsp from 'node:fs/promises';
import path from 'node:path';
import { imageIsUsable } from './cover';
import { ffmpeg } from './ffmpeg';
import { IMAGE_FORMATS, type ImageType, SNIFF_BYTES, sniffImage } from './sniff';

/**
 * The one size every avatar is re-encoded to (px, square): twice the largest the web app shows
 * (the profile header's 96 px, `size-24`), sharp on high-density screens; the smaller avatars
 * (32–80 px) are this one scaled by the browser.
 */
export const AVATAR_SIZE = 192;

/** A playlist's cover: the largest track-cover size, since it is shown where track covers are. */
export const PLAYLIST_COVER_SIZE = 640;

/** What an image is stored as: PNG where the upload may hold transparency, JPEG for photos. */
export const squareOutputOf = (type: ImageType) =>
  type === 'jpeg' ? ({ ext: 'jpg', mime: 'image/jpeg' } as const) : ({ ext: 'png', mime: 'image/png' } as const);

export type SquareImage = { bytes: Buffer; ext: 'jpg' | 'png'; mime: 'image/jpeg' | 'image/png' };

/**
 * An uploaded picture made safe to serve: sniffed (JPEG, PNG or WebP), checked as covers are
 * (decodes, not a pixel bomb), then cropped to a centred square of `size` px in a fresh file (first
 * frame only, no metadata), so the uploaded bytes are never what is served. `'unsupported'` for
 * another type, `'unreadable'` for an image that does not decode or is too large.
 */
export async function squareImage(
  bytes: Buffer,
  opts: { size: number; tmpDir: string; ffmpeg?: string },
): Promise<SquareImage | 'unsupported' | 'unreadable'> {
  const type = sniffImage(bytes.subarray(0, SNIFF_BYTES));
  if (!type) return 'unsupported';
  const output = squareOutputOf(type);
  // A private folder under DATA_DIR/tmp/uploads (the temp sweep removes it if a crash leaves it).
  await fsp.mkdir(opts.tmpDir, { recursive: true });
  const dir = await fsp.mkdtemp(path.join(opts.tmpDir, 'image-'));
  try {
    const input = path.join(dir, 'upload');
    await fsp.writeFile(input, bytes);
    if (!(await imageIsUsable(input, type, { ffmpeg: opts.ffmpeg }))) return 'unreadable';
    const out = path.join(dir, `square.${output.ext}`);
    await reencodeSquare(input, type, out, opts.size, opts.ffmpeg).catch(() => null);
    const result = await fsp.readFile(out).catch(() => null);
    return result?.length ? { bytes: result, ...output } : 'unreadable';
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

async function reencodeSquare(input: string, type: ImageType, output: string, size: number, ffmpegPath?: string) {
  const jpeg = type === 'jpeg';
  await ffmpeg(
    [
      ...['-v', 'error', '-protocol_whitelist', 'file', '-f', IMAGE_FORMATS[type].demuxer, '-i', input],
      ...['-map', '0:v:0', '-frames:v', '1', '-map_metadata', '-1'],
      '-vf',
      `scale=${size}:${size}:force_original_aspect_ratio=increase:flags=lanczos,crop=${size}:${size},format=${jpeg ? 'yuvj420p' : 'rgba'}`,
      ...(jpeg ? ['-c:v', 'mjpeg', '-q:v', '3'] : ['-c:v', 'png']),
      ...['-f', 'image2', '-y', output],
    ],
    { ffmpeg: ffmpegPath, timeoutMs: 60_000 },
  );
}

import { ffmpeg } from './ffmpeg';
import { IMAGE_FORMATS, type ImageType } from './sniff';

/**
 * The one size every avatar is re-encoded to (px, square): twice the largest the web app shows
 * (the profile header's 96 px, `size-24`), sharp on high-density screens; the smaller avatars
 * (32–80 px) are this one scaled by the browser.
 */
export const AVATAR_SIZE = 192;

/** What an avatar is stored as: PNG where the upload may hold transparency, JPEG for photos. */
export const avatarOutputOf = (type: ImageType) =>
  type === 'jpeg' ? ({ ext: 'jpg', mime: 'image/jpeg' } as const) : ({ ext: 'png', mime: 'image/png' } as const);

/**
 * Crops the image to a centred square and writes it at AVATAR_SIZE in a fresh file (first frame
 * only, no metadata): the uploaded bytes are never what is served.
 */
export async function reencodeAvatar(
  input: string,
  type: ImageType,
  output: string,
  opts: { ffmpeg?: string; timeoutMs?: number } = {},
): Promise<void> {
  const s = AVATAR_SIZE;
  const jpeg = type === 'jpeg';
  await ffmpeg(
    [
      ...['-v', 'error', '-protocol_whitelist', 'file', '-f', IMAGE_FORMATS[type].demuxer, '-i', input],
      ...['-map', '0:v:0', '-frames:v', '1', '-map_metadata', '-1'],
      '-vf',
      `scale=${s}:${s}:force_original_aspect_ratio=increase:flags=lanczos,crop=${s}:${s},format=${jpeg ? 'yuvj420p' : 'rgba'}`,
      ...(jpeg ? ['-c:v', 'mjpeg', '-q:v', '3'] : ['-c:v', 'png']),
      ...['-f', 'image2', '-y', output],
    ],
    { ffmpeg: opts.ffmpeg, timeoutMs: opts.timeoutMs ?? 60_000 },
  );
}

import { COVER_SIZES } from '@wavecast/shared';
import { describeInput, ffmpeg, ffprobeJson, findFfprobe } from './ffmpeg';
import { IMAGE_FORMATS, type ImageType } from './sniff';

/** Square cover sizes (px) made from every uploaded cover (player bar, cards, detail page): shared with the web's srcset. */
export { COVER_SIZES };
export type CoverSize = (typeof COVER_SIZES)[number];

/** Crops the image to a centred square and writes one JPEG per size. */
export async function resizeCover(
  input: string,
  type: ImageType,
  outputs: Record<CoverSize, string>,
  opts: { ffmpeg?: string; timeoutMs?: number } = {},
): Promise<void> {
  const sizes = [...COVER_SIZES];
  const split = `split=${sizes.length}${sizes.map((_, i) => `[s${i}]`).join('')}`;
  const scales = sizes.map(
    (s, i) =>
      `[s${i}]scale=${s}:${s}:force_original_aspect_ratio=increase:flags=lanczos,crop=${s}:${s},format=yuvj420p[o${i}]`,
  );
  const args = [
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-f',
    IMAGE_FORMATS[type].demuxer,
    '-i',
    input,
    '-filter_complex',
    [split, ...scales].join(';'),
  ];
  sizes.forEach((s, i) => {
    args.push('-map', `[o${i}]`, '-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '3', '-f', 'image2', '-y', outputs[s]);
  });
  await ffmpeg(args, { ffmpeg: opts.ffmpeg, timeoutMs: opts.timeoutMs ?? 60_000 });
}

/** Proves an image reads and is not absurdly large; false when it is not usable. */
export async function imageIsUsable(input: string, type: ImageType, opts: { ffmpeg?: string } = {}): Promise<boolean> {
  const size = await imageSize(input, type, opts.ffmpeg);
  return !!size && size.width * size.height <= MAX_COVER_PIXELS;
}

/** Width and height as ffprobe reads them, or ffmpeg where no ffprobe ships (the npm package). */
export async function imageSize(input: string, type: ImageType, ffmpegPath?: string) {
  const demuxer = ['-protocol_whitelist', 'file', '-f', IMAGE_FORMATS[type].demuxer];
  const ffprobe = findFfprobe(ffmpegPath);
  try {
    if (ffprobe) {
      const answer = await ffprobeJson<{ streams?: { width?: number; height?: number }[] }>(
        ffprobe,
        [...demuxer, '-show_entries', 'stream=width,height', input],
        10_000,
      );
      const s = answer.streams?.[0];
      return s?.width && s.height ? { width: s.width, height: s.height } : null;
    }
    // "Stream #0:0: Video: png, rgb24(pc), 512x512 [SAR 1:1 DAR 1:1], 25 tbr"
    const description = await describeInput([...demuxer, '-i', input], { ffmpeg: ffmpegPath });
    const m = /Video: [^\n]*?, (\d{1,6})x(\d{1,6})[ ,\n]/.exec(description);
    return m && Number(m[1]) > 0 && Number(m[2]) > 0 ? { width: Number(m[1]), height: Number(m[2]) } : null;
  } catch {
    return null;
  }
}

/** 64 megapixels: larger "images" are decompression bombs, not covers. */
const MAX_COVER_PIXELS = 64_000_000;

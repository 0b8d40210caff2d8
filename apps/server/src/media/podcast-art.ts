import { createHash } from 'node:crypto';
import { ffmpeg } from './ffmpeg';
import { IMAGE_FORMATS, type ImageType } from './sniff';

/**
 * Episode art for podcast apps: Apple asks for 1400–3000 px square JPEG or PNG (our covers are
 * made at 96–640 px). One size for every episode, so the feed can say it without reading images.
 */
export const PODCAST_ART_SIZE = 1400;
/** Generated art is drawn at this size, then scaled up. */
const DRAW_SIZE = 140;

/** The creator's cover, centre-cropped to a square and scaled (up, if it is smaller) to the art size. */
export async function renderCoverArt(
  input: string,
  type: ImageType,
  output: string,
  opts: { ffmpeg?: string } = {},
): Promise<void> {
  const s = PODCAST_ART_SIZE;
  await ffmpeg(
    [
      ...['-v', 'error', '-protocol_whitelist', 'file', '-f', IMAGE_FORMATS[type].demuxer, '-i', input],
      ...['-vf', `scale=${s}:${s}:force_original_aspect_ratio=increase:flags=lanczos,crop=${s}:${s},format=yuvj420p`],
      ...['-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '2', '-f', 'image2', '-y', output],
    ],
    { ffmpeg: opts.ffmpeg, timeoutMs: 60_000 },
  );
}

/** Two colours of the palette, picked by the seed (a track id): the same episode always looks the same. */
export function artColours(seed: string): [[number, number, number], [number, number, number]] {
  const h = createHash('sha256').update(seed).digest();
  const hue = (h[0] / 255) * 360;
  return [hsl(hue, 0.62, 0.42), hsl((hue + 40 + (h[1] % 80)) % 360, 0.7, 0.22)];
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/**
 * Art for an episode whose creator gave no cover: a diagonal gradient in the seed's two colours
 * with soft rings from the centre (a sound spreading), drawn by ffmpeg (no fonts, no other tool).
 */
export async function renderGeneratedArt(seed: string, output: string, opts: { ffmpeg?: string } = {}): Promise<void> {
  // Drawn small and scaled up: geq evaluates per pixel (a minute at 1400 px on a busy machine),
  // and smooth shapes lose nothing on the way up.
  const s = DRAW_SIZE;
  const [a, b] = artColours(seed);
  const channel = (i: number) =>
    `clip(${a[i]}+(${b[i] - a[i]})*(X+Y)/${2 * s}+14*sin(hypot(X-${s / 2},Y-${s / 2})/4),0,255)`;
  const out = PODCAST_ART_SIZE;
  await ffmpeg(
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', `color=c=black:s=${s}x${s}:d=1,format=rgb24`],
      ...[
        '-vf',
        `geq=r='${channel(0)}':g='${channel(1)}':b='${channel(2)}',scale=${out}:${out}:flags=bicubic,format=yuvj420p`,
      ],
      ...['-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '2', '-f', 'image2', '-y', output],
    ],
    { ffmpeg: opts.ffmpeg, timeoutMs: 60_000 },
  );
}

import { createReadStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context';
import { perApp } from '../../lib/per-app';
import { renderCoverArt, renderGeneratedArt } from '../../media/podcast-art';
import { IMAGE_FORMATS, type ImageType, sniffImage } from '../../media/sniff';
import { cachedStat } from '../delivery/cache';

/**
 * Podcast art in storage (ADR 0048): episode art and the channel images of creator and playlist
 * feeds, each a PODCAST_ART_SIZE square JPEG made once per version from a stored picture (cropped
 * and scaled) or generated when there is none, and kept beside its owner's covers as
 * `<prefix><version>.jpg`.
 */
export interface ArtSpec {
  /** Every version of this art is kept under this prefix. */
  prefix: string;
  /** Names the picture it is made from (a new upload, a new version), or GENERATED. */
  version: string;
  /** The stored picture it is made from (a cover, an avatar), or null: generated. */
  source: string | null;
  /** The generated art's colours come from it (an id: the same show always looks the same). */
  seed: string;
}

/** The version of generated art (the next way of drawing it would be `g2`). */
export const GENERATED = 'g1';

export const artKeyOf = (spec: Pick<ArtSpec, 'prefix' | 'version'>) => `${spec.prefix}${spec.version}.jpg`;

/** Renders in flight per key, so a feed read by many apps at once draws each image once. */
const inFlight = perApp((_ctx: AppContext) => new Map<string, Promise<string>>());

/** The storage key of the art, made now if it is not stored yet. */
export async function ensureArt(ctx: AppContext, spec: ArtSpec): Promise<string> {
  const key = artKeyOf(spec);
  if (await cachedStat(ctx, key)) return key;
  const pending = inFlight(ctx);
  let job = pending.get(key);
  if (!job) {
    job = render(ctx, spec, key).finally(() => pending.delete(key));
    pending.set(key, job);
  }
  return job;
}

async function render(ctx: AppContext, spec: ArtSpec, key: string): Promise<string> {
  const base = path.join(ctx.config.dataDir, 'tmp', 'podcast-art');
  await fsp.mkdir(base, { recursive: true });
  const dir = await fsp.mkdtemp(path.join(base, 'art-'));
  try {
    const out = path.join(dir, 'art.jpg');
    const opts = { ffmpeg: ctx.config.FFMPEG_PATH };
    const picture = spec.source ? await readPicture(ctx, spec.source, dir) : null;
    // A picture ffmpeg cannot read (it was checked at upload, so rare) still gets art.
    const fromPicture = picture
      ? await renderCoverArt(picture.file, picture.type, out, opts).then(
          () => true,
          () => false,
        )
      : false;
    if (!fromPicture) await renderGeneratedArt(spec.seed, out, opts);
    await ctx.storage.put(key, createReadStream(out), { contentType: IMAGE_FORMATS.jpeg.mime });
    // The art of an earlier picture is not linked from any feed any more. The generated art stays
    // (one per show or episode): it is linked again, under the same key, once the picture goes,
    // and a key removed and made again could meanwhile be answered as missing from a process's
    // stat cache (delivery/cache.ts keeps stats for a minute).
    await forgetArt(ctx, spec.prefix, [key, artKeyOf({ prefix: spec.prefix, version: GENERATED })]);
    return key;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** The stored picture as a local file, with its type from its bytes; null when it is gone or unreadable. */
async function readPicture(
  ctx: AppContext,
  key: string,
  dir: string,
): Promise<{ file: string; type: ImageType } | null> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.storage.get(key)) chunks.push(Buffer.from(chunk));
    const bytes = Buffer.concat(chunks);
    const type = sniffImage(bytes);
    if (!type) return null;
    const file = path.join(dir, `picture.${IMAGE_FORMATS[type].ext}`);
    await fsp.writeFile(file, bytes);
    return { file, type };
  } catch {
    return null;
  }
}

/** Removes the stored art whose key starts with `prefix`, but the keys in `keep`. */
export async function forgetArt(ctx: AppContext, prefix: string, keep: string[] = []): Promise<void> {
  const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
  const keys = (await ctx.storage.list(folder).catch(() => [])).filter(
    (k) => k.startsWith(prefix) && !keep.includes(k),
  );
  await Promise.allSettled(keys.map((k) => ctx.storage.delete(k)));
}

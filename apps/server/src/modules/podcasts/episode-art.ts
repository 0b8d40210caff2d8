import { createReadStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context';
import { perApp } from '../../lib/per-app';
import { PODCAST_ART_SIZE, renderCoverArt, renderGeneratedArt } from '../../media/podcast-art';
import { IMAGE_FORMATS, type ImageType, sniffImage } from '../../media/sniff';
import { cachedStat } from '../delivery/cache';
import { coverVersion } from '../tracks/presenter';
import type { TrackRow } from '../tracks/repo';

/**
 * Episode art (issue 34): podcast apps want 1400–3000 px square JPEG or PNG, our covers are made
 * at 96–640 px and may be missing. Each episode's art is made once per cover version, from the
 * creator's cover (cropped and scaled to PODCAST_ART_SIZE) or generated when there is none, and
 * kept in storage beside the track's covers (`covers/{user}/{track}.art-{version}.jpg`: an account
 * deletion takes it with the rest; a track deletion, by `forgetEpisodeArt`).
 */

type ArtTrack = Pick<TrackRow, 'id' | 'userId' | 'coverKey' | 'media'>;

/** Changes when the cover does (and when the way art is drawn does: the `g`/`c` generation). */
export const artVersion = (track: ArtTrack) => (track.coverKey ? `c1-${coverVersion(track)}` : 'g1');

export const artKey = (track: ArtTrack) => `covers/${track.userId}/${track.id}.art-${artVersion(track)}.jpg`;

/** The art's public path; the version makes it cacheable for good. */
export const episodeArtPath = (track: ArtTrack) => `/api/podcasts/art/${track.id}.jpg?v=${artVersion(track)}`;

export { PODCAST_ART_SIZE };

/** Podcast art follows its track: a deleted track's art is removed. */
export function subscribeEpisodeArt(ctx: AppContext): void {
  ctx.events.on('track.hidden', async ({ payload }) => {
    if (payload.reason === 'deleted') await forgetEpisodeArt(ctx, payload.trackId, payload.ownerId);
  });
}

/** Renders in flight per key, so a feed read by many apps at once draws each image once. */
const inFlight = perApp((_ctx: AppContext) => new Map<string, Promise<string>>());

/** The storage key of the episode's art, made now if it is not stored yet. */
export async function ensureEpisodeArt(ctx: AppContext, track: ArtTrack): Promise<string> {
  const key = artKey(track);
  if (await cachedStat(ctx, key)) return key;
  const pending = inFlight(ctx);
  let job = pending.get(key);
  if (!job) {
    job = render(ctx, track, key).finally(() => pending.delete(key));
    pending.set(key, job);
  }
  return job;
}

async function render(ctx: AppContext, track: ArtTrack, key: string): Promise<string> {
  const base = path.join(ctx.config.dataDir, 'tmp', 'podcast-art');
  await fsp.mkdir(base, { recursive: true });
  const dir = await fsp.mkdtemp(path.join(base, `${track.id}-`));
  try {
    const out = path.join(dir, 'art.jpg');
    const opts = { ffmpeg: ctx.config.FFMPEG_PATH };
    const cover = track.coverKey ? await readCover(ctx, track.coverKey, dir) : null;
    // A cover ffmpeg cannot read (it was checked at upload, so rare) still gets an episode art.
    const fromCover = cover
      ? await renderCoverArt(cover.file, cover.type, out, opts).then(
          () => true,
          () => false,
        )
      : false;
    if (!fromCover) await renderGeneratedArt(track.id, out, opts);
    await ctx.storage.put(key, createReadStream(out), { contentType: IMAGE_FORMATS.jpeg.mime });
    // The art of an earlier cover is not linked from any feed any more.
    await forgetEpisodeArt(ctx, track.id, track.userId, key);
    return key;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** The stored cover as a local file, with its type from its bytes; null when it is gone or unreadable. */
async function readCover(
  ctx: AppContext,
  coverKey: string,
  dir: string,
): Promise<{ file: string; type: ImageType } | null> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.storage.get(coverKey)) chunks.push(Buffer.from(chunk));
    const bytes = Buffer.concat(chunks);
    const type = sniffImage(bytes);
    if (!type) return null;
    const file = path.join(dir, `cover.${IMAGE_FORMATS[type].ext}`);
    await fsp.writeFile(file, bytes);
    return { file, type };
  } catch {
    return null;
  }
}

/** Removes a track's stored art but `keep` (a deleted track's goes with it: its other files are the tracks module's). */
export async function forgetEpisodeArt(
  ctx: AppContext,
  trackId: string,
  ownerId: string,
  keep?: string,
): Promise<void> {
  const folder = `covers/${ownerId}/`;
  const prefix = `${folder}${trackId}.art-`;
  const keys = (await ctx.storage.list(folder).catch(() => [])).filter((k) => k.startsWith(prefix) && k !== keep);
  await Promise.allSettled(keys.map((k) => ctx.storage.delete(k)));
}

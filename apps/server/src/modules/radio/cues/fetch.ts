import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../../context';
import type { TrackMedia } from '../../../db/schema';

/** The key the radio decodes: the standard Opus rendition, else the original upload. */
export const playableKey = (media: TrackMedia, audioKey?: string): string | null => media.opusKey ?? audioKey ?? null;

/** Copies a stored object to a local file ffmpeg can seek in. */
export async function downloadTo(ctx: AppContext, key: string, file: string): Promise<void> {
  await pipeline(await ctx.storage.get(key), createWriteStream(file));
}

import { createHash } from 'node:crypto';
import { mkdir, rename, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppContext } from '../../../context';
import { downloadTo, playableKey } from '../cues/fetch';
import { playableTracks } from '../cues/repo';
import type { RadioTrack, TrackLibrary } from './types';

/**
 * Tracks from the database for a channel of `ownerId`: discoverable ones and the owner's own ready
 * ones, with their cues (`track_cues`; without a row, the whole file at the upload's loudness).
 * Audio is copied from storage once into a per-process cache folder, where ffmpeg reads it.
 */
export function dbTrackLibrary(
  ctx: AppContext,
  opts: { ownerId?: string | null; cacheDir?: string } = {},
): TrackLibrary {
  const cacheDir = opts.cacheDir ?? path.join(tmpdir(), 'wavecast-radio-cache');
  const local = async (key: string): Promise<string> => {
    const file = path.join(cacheDir, createHash('sha256').update(key).digest('hex').slice(0, 32));
    if (await stat(file).catch(() => null)) return file;
    await mkdir(cacheDir, { recursive: true });
    const part = `${file}.${process.pid}.part`;
    await downloadTo(ctx, key, part);
    await rename(part, file);
    return file;
  };
  return {
    async load(trackIds) {
      const rows = await playableTracks(ctx.database, [...new Set(trackIds)], opts.ownerId ?? null);
      const out = new Map<string, RadioTrack>();
      for (const row of rows) {
        const key = playableKey(row.media);
        if (!key) continue;
        // A file storage cannot give is left out, as an unknown id is: the rest still plays.
        const file = await local(key).catch(() => null);
        if (!file) continue;
        const durationMs = Math.round(row.duration * 1000);
        const c = row.cues;
        const measured = c !== null && c.cueOutMs > c.cueInMs;
        out.set(row.id, {
          id: row.id,
          title: row.title,
          artistId: row.userId,
          artistName: row.artistName,
          durationMs,
          path: file,
          cues: measured
            ? c
            : {
                integratedLufs: row.loudnessLufs,
                peakDbfs: null,
                cueInMs: 0,
                cueOutMs: durationMs,
                crossfadeStartMs: durationMs,
              },
        });
      }
      return out;
    },
  };
}

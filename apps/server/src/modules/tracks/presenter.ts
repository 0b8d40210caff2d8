import { createHash } from 'node:crypto';
import type { TTrack } from '@wavecast/shared';
import { DEFAULT_COVER_URL } from '@wavecast/shared';
import type { audioContent, users } from '../../db/schema';
import { RENDITIONS } from '../../media/transcode';
import { canDeleteTrack, canEditTrack, type Viewer } from './policy';

type TrackRow = typeof audioContent.$inferSelect;
type CreatorRow = Pick<typeof users.$inferSelect, 'id' | 'displayName' | 'avatarUrl'>;

const hash = (...parts: (string | null | undefined)[]) =>
  createHash('sha1').update(parts.join('|')).digest('base64url').slice(0, 10);

/**
 * Versions that change exactly when the bytes behind a URL change (not on a title edit), so a
 * URL carrying the current version can be cached for good.
 */
export const streamVersion = (row: Pick<TrackRow, 'audioKey' | 'media'>) =>
  memo(streamVersions, row, () =>
    // The HD key joins only where there is one, so versions of tracks without it stay as they were.
    hash(row.audioKey, row.media?.opusKey, row.media?.aacKey, ...(row.media?.hdKey ? [row.media.hdKey] : [])),
  );
export const coverVersion = (row: Pick<TrackRow, 'coverKey' | 'media'>) =>
  memo(coverVersions, row, () => hash(row.coverKey, ...Object.values(row.media?.coverKeys ?? {})));

// Delivery asks for the version of the same cached row on every request: hash it once. Module-level
// on purpose: pure memoisation keyed by the row object (a value of the row, shared by no two apps
// unless they share the row, and gone with it), not per-app state (lib/per-app.ts).
const streamVersions = new WeakMap<object, string>();
const coverVersions = new WeakMap<object, string>();
function memo(map: WeakMap<object, string>, row: object, make: () => string): string {
  let v = map.get(row);
  if (v === undefined) {
    v = make();
    map.set(row, v);
  }
  return v;
}

/**
 * The one shape a track leaves the server in (see ZTrack). Storage keys never leave; the
 * failure reason only reaches the owner.
 */
export function presentTrack(
  row: TrackRow,
  creator: CreatorRow | null,
  opts: { viewerId?: string | null; liked?: boolean; abilities?: { canEdit: boolean; canDelete: boolean } } = {},
): TTrack {
  const isOwner = opts.viewerId != null && opts.viewerId === row.userId;
  const v = streamVersion(row);
  const audioUrl = `/api/tracks/${row.id}/stream?v=${v}`;
  const media = row.media ?? {};
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    coverUrl: row.coverKey ? `/api/tracks/${row.id}/cover?v=${coverVersion(row)}` : DEFAULT_COVER_URL,
    audioUrl,
    downloadUrl: row.allowDownloads ? `/api/tracks/${row.id}/download` : null,
    peaksUrl: row.peaks ? `/api/tracks/${row.id}/peaks?v=${v}` : null,
    duration: row.duration,
    category: row.category,
    tags: row.tags ?? [],
    isPublic: row.isPublic,
    allowDownloads: row.allowDownloads,
    playCount: row.playCount,
    likeCount: row.likeCount,
    chapterMarkers: row.chapterMarkers ?? [],
    status: row.status,
    ...(isOwner ? { failureReason: row.failureReason } : {}),
    gainDb: row.gainDb,
    createdAt: row.createdAt.toISOString(),
    creator: {
      id: creator?.id ?? row.userId,
      displayName: creator?.displayName ?? null,
      avatarUrl: creator?.avatarUrl ?? null,
    },
    ...(opts.liked !== undefined ? { liked: opts.liked } : {}),
    ...opts.abilities,
    sources:
      media.opusKey && media.aacKey
        ? [
            { url: `${audioUrl}&format=opus`, type: RENDITIONS.opus.mime },
            { url: `${audioUrl}&format=aac`, type: RENDITIONS.aac.mime },
          ]
        : [{ url: audioUrl, type: row.audioMime }],
    hd: Boolean(media.hdKey && media.opusKey),
  };
}

/** One track with what this viewer may do with it: the web app never works that out itself. */
export function presentTrackFor(viewer: Viewer, row: TrackRow, creator: CreatorRow | null): TTrack {
  return presentTrack(row, creator, {
    viewerId: viewer?.id,
    abilities: { canEdit: canEditTrack(viewer, row), canDelete: canDeleteTrack(viewer, row) },
  });
}

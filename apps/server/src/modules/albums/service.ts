import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  ALBUM_MESSAGES,
  PAGE_SIZES,
  type TAlbum,
  type TAlbumCreate,
  type TAlbumUpdate,
  ZAlbumCreate,
  ZAlbumUpdate,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { PLAYLIST_COVER_SIZE, squareImage } from '../../media/square-image';
import { coverMimeOfKey } from '../playlists/cover';
import { canSeeAlbum } from './policy';
import { presentAlbum, presentAlbumSummary } from './presenter';
import * as repo from './repo';

const albumNotFound = () => notFound('Album');
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * Albums and EPs (issue 36): a creator's release of their own tracks in order, with one cover and
 * a release date. Others see it from its release date while the creator is active, and only the
 * tracks they may see (access/tracks), so a hidden track leaves the album at once.
 */
export const albumService = perApp(makeAlbumService);

function makeAlbumService(ctx: AppContext) {
  const { db } = ctx.database;
  const today = () => ctx.clock.now().toISOString().slice(0, 10);

  async function ownAlbum(user: SessionUser, id: string) {
    if (!isUuid(id)) throw albumNotFound();
    const found = await repo.findAlbum(db, id);
    // Another creator's album is not found, whether or not it is released (never 403).
    if (!found || found.album.userId !== user.id) throw albumNotFound();
    return found.album;
  }

  /** Every track the creator's own, and in no other album. */
  async function checkTracks(user: SessionUser, trackIds: string[], albumId: string | null) {
    const owners = await repo.trackOwners(db, trackIds);
    if (owners.length !== trackIds.length || owners.some((t) => t.userId !== user.id))
      throw badRequest(ALBUM_MESSAGES.notOwnTracks);
    if (owners.some((t) => t.albumId && t.albumId !== albumId)) throw badRequest(ALBUM_MESSAGES.trackInOtherAlbum);
  }

  async function load(viewerId: string | null, id: string): Promise<TAlbum> {
    if (!isUuid(id)) throw albumNotFound();
    const found = await repo.findAlbum(db, id);
    const now = today();
    if (!found || !canSeeAlbum(viewerId, found.album, { ownerSuspended: found.ownerSuspended, today: now }))
      throw albumNotFound();
    const tracks = await repo.albumTrackRows(db, id, viewerId);
    // An album none of whose tracks others may see is not there for them.
    if (tracks.length === 0 && viewerId !== found.album.userId) throw albumNotFound();
    return presentAlbum(found.album, found.creator, tracks, { viewerId, today: now });
  }

  return {
    today,
    get: load,

    async create(user: SessionUser, input: TAlbumCreate): Promise<TAlbum> {
      const body = ZAlbumCreate.parse(input);
      await checkTracks(user, body.trackIds, null);
      const album = await db
        .transaction(async (tx) => {
          const row = await repo.insertAlbum(tx, {
            userId: user.id,
            title: body.title,
            description: body.description ?? null,
            kind: body.kind,
            releaseDate: body.releaseDate,
          });
          await repo.replaceAlbumTracks(tx, row.id, body.trackIds);
          return row;
        })
        .catch(uniqueTrackViolation);
      return load(user.id, album.id);
    },

    async update(user: SessionUser, id: string, input: TAlbumUpdate): Promise<TAlbum> {
      const body = ZAlbumUpdate.parse(input);
      await ownAlbum(user, id);
      if (body.trackIds) await checkTracks(user, body.trackIds, id);
      await db
        .transaction(async (tx) => {
          const { trackIds, ...fields } = body;
          if (Object.keys(fields).length) await repo.updateAlbum(tx, id, fields);
          if (trackIds) await repo.replaceAlbumTracks(tx, id, trackIds);
        })
        .catch(uniqueTrackViolation);
      return load(user.id, id);
    },

    async remove(user: SessionUser, id: string) {
      const album = await ownAlbum(user, id);
      await repo.deleteAlbum(db, id);
      if (album.coverKey) await ctx.storage.delete(album.coverKey).catch(() => {});
    },

    /** A creator's albums: all of them for the creator, released ones for others. */
    async ofUser(viewerId: string | null, userId: string) {
      const now = today();
      const rows = await repo.albumSummaries(
        ctx.database,
        { userId },
        { today: now, owner: viewerId === userId, limit: PAGE_SIZES.profileAlbums },
      );
      return rows.map((r) => presentAlbumSummary(r, now));
    },

    /** Summaries of these albums as everyone sees them (feed items). */
    async summaries(ids: string[]) {
      if (ids.length === 0) return [];
      const now = today();
      const rows = await repo.albumSummaries(ctx.database, { ids }, { today: now, owner: false, limit: ids.length });
      return rows.map((r) => presentAlbumSummary(r, now));
    },

    /** Stores the cover, checked and re-encoded as playlist covers are (never the uploaded bytes). */
    async setCover(user: SessionUser, id: string, data: Buffer): Promise<TAlbum> {
      const album = await ownAlbum(user, id);
      const image = await squareImage(data, {
        size: PLAYLIST_COVER_SIZE,
        tmpDir: path.join(ctx.config.dataDir, 'tmp', 'uploads'),
        ffmpeg: ctx.config.FFMPEG_PATH,
      });
      if (image === 'unsupported') throw new AppError('UNSUPPORTED_MEDIA', 'Please select a valid image file');
      if (image === 'unreadable') throw new AppError('UNSUPPORTED_MEDIA', 'The image could not be read');
      const key = `album-covers/${id}/${randomUUID()}.${image.ext}`;
      await ctx.storage.put(key, Readable.from(image.bytes), { contentType: image.mime });
      try {
        await repo.updateAlbum(db, id, { coverKey: key });
      } catch (e) {
        await ctx.storage.delete(key).catch(() => {});
        throw e;
      }
      if (album.coverKey) await ctx.storage.delete(album.coverKey).catch(() => {});
      return load(user.id, id);
    },

    /** The stored cover for whoever may see the album. */
    async cover(viewerId: string | null, id: string) {
      const album = await load(viewerId, id).then(() => repo.findAlbum(db, id));
      const key = album?.album.coverKey;
      if (!album || !key) throw albumNotFound();
      const stat = await ctx.storage.stat(key);
      if (!stat) throw albumNotFound();
      return {
        stream: await ctx.storage.get(key),
        size: stat.size,
        etag: stat.etag,
        mime: coverMimeOfKey(key),
        released: album.album.releaseDate <= today() && !album.ownerSuspended,
      };
    },

    albumOfTrack: (trackId: string) => (isUuid(trackId) ? repo.albumOfTrack(db, trackId) : Promise.resolve(undefined)),
  };
}

/** Two requests putting one track into two albums at once: the unique index decides, clearly. */
function uniqueTrackViolation(err: unknown): never {
  const code =
    (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  if (code === '23505') throw badRequest(ALBUM_MESSAGES.trackInOtherAlbum);
  throw err;
}

export type AlbumService = ReturnType<typeof albumService>;

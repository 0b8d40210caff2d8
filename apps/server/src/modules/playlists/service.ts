import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  PLAYLIST_MAX_TRACKS,
  PLAYLIST_MESSAGES,
  PLAYLIST_SEARCH_LIMIT,
  type TCreatePlaylist,
  type TUpdatePlaylist,
} from '@wavecast/shared';
import { canSeeTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { PLAYLIST_COVER_SIZE, squareImage } from '../../media/square-image';
import { forgetPlaylistArt } from '../podcasts/channel-art';
import { coverMimeOfKey } from './cover';
import { canAddTrack, canEditPlaylist, canViewPlaylist } from './policy';
import * as repo from './repo';

const playlistNotFound = () => new AppError('NOT_FOUND', PLAYLIST_MESSAGES.notFound);

/** 404 when the viewer may not see it; 403 when they see it but do not own it. */
function assertEditable(userId: string, row: repo.FoundPlaylist | undefined): repo.FoundPlaylist {
  if (!row || !canViewPlaylist(userId, row)) throw playlistNotFound();
  if (!canEditPlaylist(userId, row)) throw forbidden('Only the owner can edit this playlist');
  return row;
}

export const playlistService = perApp(makePlaylistService);

function makePlaylistService(ctx: AppContext) {
  const { db } = ctx.database;

  /** The playlist with the entries the viewer can see, each with its place in the full order. */
  async function load(viewerId: string | null, id: string) {
    const summary = await repo.playlistSummaries.byId(ctx.database, viewerId, id);
    const facts = summary && {
      userId: summary.user_id,
      isPublic: summary.is_public,
      ownerSuspended: summary.owner_suspended,
    };
    if (!facts || !canViewPlaylist(viewerId, facts)) {
      throw playlistNotFound();
    }
    const rows = await repo.listItems(db, id);
    const items = rows
      .map((row, position) => ({ row, position }))
      .filter(({ row }) => canSeeTrack(viewerId, row.facts));
    return { summary, items };
  }

  return {
    load,

    /** The user's playlists, newest first; with a track, each says whether it holds it. */
    async mine(user: SessionUser, trackId?: string) {
      const rows = await repo.playlistSummaries.ofUser(ctx.database, user.id, user.id, false);
      const holding = trackId ? await repo.playlistIdsWithTrack(ctx.database, user.id, trackId) : null;
      return rows.map((row) => ({ row, containsTrack: holding ? holding.has(row.id) : undefined }));
    },

    /** A user's playlists as another user sees them: public ones, and only if the profile is open to them. */
    async ofUser(viewerId: string | null, userId: string) {
      const owner = await repo.findOwner(db, userId);
      if (!owner || owner.suspended) throw new AppError('NOT_FOUND', 'User not found');
      const isOwner = viewerId === userId;
      if (!isOwner) {
        const visibility = owner.privacyPrefs?.profileVisibility ?? 'public';
        if (visibility === 'private') return [];
        if (visibility === 'followers' && !(viewerId && (await repo.viewerFollows(ctx.database, viewerId, userId)))) {
          return [];
        }
      }
      return repo.playlistSummaries.ofUser(ctx.database, viewerId, userId, !isOwner);
    },

    search: (viewerId: string | null, q: string) =>
      q ? repo.playlistSummaries.search(ctx.database, viewerId, q, PLAYLIST_SEARCH_LIMIT) : Promise.resolve([]),

    async create(user: SessionUser, input: TCreatePlaylist) {
      const row = await repo.insertPlaylist(db, {
        userId: user.id,
        name: input.name,
        description: input.description || null,
        isPublic: input.isPublic ?? false,
      });
      return load(user.id, row.id);
    },

    async update(user: SessionUser, id: string, patch: TUpdatePlaylist) {
      assertEditable(user.id, await repo.findPlaylist(db, id));
      await repo.updatePlaylist(db, id, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description || null } : {}),
        ...(patch.isPublic !== undefined ? { isPublic: patch.isPublic } : {}),
      });
      return load(user.id, id);
    },

    async remove(user: SessionUser, id: string) {
      assertEditable(user.id, await repo.findPlaylist(db, id));
      const row = await repo.deletePlaylist(db, id);
      if (row?.coverKey) await ctx.storage.delete(row.coverKey).catch(() => {});
      // Its podcast feed's channel image, made from the cover or generated, goes too.
      if (row) await forgetPlaylistArt(ctx, row.userId, id);
    },

    async addTrack(user: SessionUser, id: string, trackId: string) {
      await repo.withLockedPlaylist(db, id, async (tx, playlist) => {
        assertEditable(user.id, playlist);
        const track = await repo.findTrack(tx, trackId);
        if (!track || !canAddTrack(user.id, track)) throw new AppError('NOT_FOUND', PLAYLIST_MESSAGES.trackNotFound);
        const n = await repo.ensureDense(tx, id);
        const stats = await repo.itemStats(tx, id, trackId);
        if (stats.has) throw new AppError('CONFLICT', PLAYLIST_MESSAGES.alreadyInPlaylist);
        if (n >= PLAYLIST_MAX_TRACKS) throw badRequest(PLAYLIST_MESSAGES.playlistFull);
        await repo.appendItem(tx, id, trackId, n);
        await repo.touchPlaylist(tx, id);
      });
      return load(user.id, id);
    },

    async removeItem(user: SessionUser, id: string, itemId: string) {
      await repo.withLockedPlaylist(db, id, async (tx, playlist) => {
        assertEditable(user.id, playlist);
        await repo.ensureDense(tx, id);
        const item = await repo.findItem(tx, id, itemId);
        if (!item) throw new AppError('NOT_FOUND', PLAYLIST_MESSAGES.itemNotFound);
        await repo.removeItem(tx, id, itemId, item.position);
        await repo.touchPlaylist(tx, id);
      });
      return load(user.id, id);
    },

    /** Moves an entry to a place in the full order (clamped to the ends). */
    async moveItem(user: SessionUser, id: string, itemId: string, toPosition: number) {
      await repo.withLockedPlaylist(db, id, async (tx, playlist) => {
        assertEditable(user.id, playlist);
        const n = await repo.ensureDense(tx, id);
        const item = await repo.findItem(tx, id, itemId);
        if (!item) throw new AppError('NOT_FOUND', PLAYLIST_MESSAGES.itemNotFound);
        const to = Math.min(Math.max(0, toPosition), n - 1);
        if (to === item.position) return;
        await repo.moveItem(tx, id, itemId, item.position, to);
        await repo.touchPlaylist(tx, id);
      });
      return load(user.id, id);
    },

    /**
     * Stores a new cover, checked and re-encoded as avatars are (never the uploaded bytes), then
     * drops the old one.
     */
    async setCover(user: SessionUser, id: string, data: Buffer) {
      assertEditable(user.id, await repo.findPlaylist(db, id));
      const image = await squareImage(data, {
        size: PLAYLIST_COVER_SIZE,
        tmpDir: path.join(ctx.config.dataDir, 'tmp', 'uploads'),
        ffmpeg: ctx.config.FFMPEG_PATH,
      });
      if (image === 'unsupported') throw new AppError('UNSUPPORTED_MEDIA', PLAYLIST_MESSAGES.coverInvalid);
      if (image === 'unreadable') throw new AppError('UNSUPPORTED_MEDIA', PLAYLIST_MESSAGES.coverUnreadable);
      const key = `playlist-covers/${id}/${randomUUID()}.${image.ext}`;
      await ctx.storage.put(key, Readable.from(image.bytes), { contentType: image.mime });
      let previous: string | null;
      try {
        previous = await repo.withLockedPlaylist(db, id, async (tx, playlist) => {
          const row = assertEditable(user.id, playlist);
          await repo.updatePlaylist(tx, id, { coverKey: key });
          return row.coverKey;
        });
      } catch (e) {
        await ctx.storage.delete(key).catch(() => {});
        throw e;
      }
      if (previous) await ctx.storage.delete(previous).catch(() => {});
      return load(user.id, id);
    },

    async clearCover(user: SessionUser, id: string) {
      const row = assertEditable(user.id, await repo.findPlaylist(db, id));
      await repo.updatePlaylist(db, id, { coverKey: null });
      if (row.coverKey) await ctx.storage.delete(row.coverKey).catch(() => {});
      return load(user.id, id);
    },

    /** The stored cover for whoever may see the playlist. */
    async cover(viewerId: string | null, id: string) {
      const row = await repo.findPlaylist(db, id);
      if (!row || !canViewPlaylist(viewerId, row) || !row.coverKey) throw playlistNotFound();
      const stat = await ctx.storage.stat(row.coverKey);
      if (!stat) throw playlistNotFound();
      return {
        stream: await ctx.storage.get(row.coverKey),
        size: stat.size,
        etag: stat.etag,
        mime: coverMimeOfKey(row.coverKey),
        isPublic: row.isPublic,
      };
    },
  };
}

export type PlaylistService = ReturnType<typeof playlistService>;

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Multipart } from '@fastify/multipart';
import { chaptersProblem, isUuid, MESSAGES, type TTrackUpdate, ZTrackUpdate } from '@wavecast/shared';
import { canSeeTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { IMAGE_FORMATS } from '../../media/sniff';
import { closeObjects } from '../delivery/local-files';
import { announceIfPublic } from './announce';
import { canDeleteTrack, canEditTrack, canUpload } from './policy';
import { discard, type ReceivedFile } from './receive-file';
import {
  type CreatorRow,
  deleteTrackRow,
  findTrackWithCreator,
  listTracksOfUser,
  replaceCoverKey,
  type TrackRow,
  updateTrack as updateTrackRow,
} from './repo';
import { originalCoverKey } from './storage-keys';
import { checkCover, ingestUpload, receiveCover, TRACK_COVER_JOB } from './track-upload';

const audioNotFound = () => new AppError('NOT_FOUND', MESSAGES.audioNotFound);

const CURSOR_SEP = '_';
const encodeCursor = (t: TrackRow) => `${t.createdAt.getTime()}${CURSOR_SEP}${t.id}`;
function decodeCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [ms, id] = cursor.split(CURSOR_SEP);
  if (!ms || !id || !isUuid(id) || !/^\d+$/.test(ms)) throw badRequest('Invalid cursor');
  return { createdAt: new Date(Number(ms)), id };
}

/** Tracks: read, upload, list one's own, edit, delete, and a new cover. */
export function trackService(ctx: AppContext) {
  /** A track this viewer may see, with its creator; 404 'Audio not found' otherwise. */
  async function getTrack(
    viewer: SessionUser | null,
    id: string,
  ): Promise<{ track: TrackRow; creator: CreatorRow | null }> {
    const found = isUuid(id) ? await findTrackWithCreator(ctx.database, id) : null;
    if (!found || !canSeeTrack(viewer?.id ?? null, found.facts)) throw audioNotFound();
    return { track: found.track, creator: found.creator };
  }

  /** The track if this user may change it; others get the same 404 as for a missing one. */
  async function editableTrack(user: SessionUser, id: string) {
    const found = await getTrack(user, id);
    if (!canEditTrack(user, found.track)) {
      // Visible (public) but someone else's.
      throw new AppError('FORBIDDEN', 'You can only change your own audio.');
    }
    return found;
  }

  async function uploadTrack(user: SessionUser, parts: AsyncIterableIterator<Multipart>) {
    if (!canUpload(user)) throw new AppError('FORBIDDEN', 'Only creators can upload audio.');
    const row = await ingestUpload(ctx, user, parts);
    return { track: row, creator: { id: user.id, displayName: user.displayName, avatarUrl: null } };
  }

  /** The creator's own tracks in every state (processing, ready, failed), newest first. */
  async function listMyTracks(user: SessionUser, opts: { cursor?: string; limit: number }) {
    const rows = await listTracksOfUser(ctx.database, user.id, {
      limit: opts.limit + 1,
      before: decodeCursor(opts.cursor),
    });
    const page = rows.slice(0, opts.limit);
    const last = page[page.length - 1];
    return { rows: page, nextCursor: rows.length > opts.limit && last ? encodeCursor(last.track) : null };
  }

  /** Edits the owner's track; publishing a ready track announces it (once). */
  async function updateTrack(user: SessionUser, id: string, body: TTrackUpdate) {
    const { track } = await editableTrack(user, id);
    const patch = ZTrackUpdate.parse(body);
    const values: Partial<TrackRow> = { ...patch } as Partial<TrackRow>;
    if (patch.tags) values.tags = patch.tags.length ? patch.tags : null;
    if (patch.chapterMarkers) {
      const problem = chaptersProblem(patch.chapterMarkers, track.duration);
      if (problem) throw badRequest(problem);
      values.chapterMarkers = patch.chapterMarkers.length
        ? patch.chapterMarkers.map((c) => ({ id: c.id || randomUUID(), title: c.title, startTime: c.startTime }))
        : null;
    }
    if (Object.keys(values).length === 0) return getTrack(user, id);
    await ctx.database.db.transaction(async (tx) => {
      await updateTrackRow(tx, track.id, values);
      await ctx.events.record(tx, 'track.changed', { trackId: track.id });
      if (patch.isPublic !== undefined && patch.isPublic !== track.isPublic) {
        const ownerId = track.userId;
        if (patch.isPublic)
          await ctx.events.record(tx, 'track.shown', { trackId: track.id, ownerId, reason: 'public' });
        else await ctx.events.record(tx, 'track.hidden', { trackId: track.id, ownerId, reason: 'private' });
      }
    });
    await ctx.events.deliverNow();
    if (patch.isPublic === true && !track.isPublic) await announceIfPublic(ctx, track.id);
    return getTrack(user, id);
  }

  /** Deletes the row (comments, likes, playlist entries go with it), then every stored file. */
  async function deleteTrack(user: SessionUser, id: string): Promise<void> {
    const { track } = await getTrack(user, id);
    if (!canDeleteTrack(user, track)) throw new AppError('FORBIDDEN', 'You can only change your own audio.');
    const row = await ctx.database.db.transaction(async (tx) => {
      const row = await deleteTrackRow(tx, track.id);
      if (row) await ctx.events.record(tx, 'track.hidden', { trackId: row.id, ownerId: row.userId, reason: 'deleted' });
      return row;
    });
    if (!row) return;
    await ctx.events.deliverNow();
    const media = row.media ?? {};
    const keys = [
      row.audioKey,
      row.coverKey,
      media.opusKey,
      media.aacKey,
      ...Object.values(media.coverKeys ?? {}),
    ].filter((k): k is string => !!k);
    closeObjects(ctx, keys);
    await Promise.allSettled(keys.map((k) => ctx.storage.delete(k)));
  }

  /** PUT /api/tracks/:id/cover: one `cover` part; the old cover and its sizes are removed. */
  async function replaceCover(user: SessionUser, id: string, parts: AsyncIterableIterator<Multipart>) {
    const { track } = await editableTrack(user, id);
    let cover: ReceivedFile<keyof typeof IMAGE_FORMATS> | null = null;
    let newKey: string | null = null;
    let committed = false;
    try {
      for await (const part of parts) {
        if (part.type === 'file' && part.fieldname === 'cover' && !cover) cover = await receiveCover(ctx, part);
        else if (part.type === 'file') await discard(part);
      }
      if (!cover) throw badRequest('Choose a cover image to upload.');
      await checkCover(ctx, cover);
      const format = IMAGE_FORMATS[cover.kind];
      newKey = originalCoverKey(track.userId, format.ext);
      await ctx.storage.put(newKey, fs.createReadStream(cover.path), { contentType: format.mime });
      const updated = await replaceCoverKey(ctx.database, track.id, newKey);
      if (!updated) throw audioNotFound();
      committed = true;
      await ctx.events.publish('track.changed', { trackId: track.id });
      const old = [track.coverKey, ...Object.values(track.media?.coverKeys ?? {})];
      await Promise.allSettled(old.filter((k): k is string => !!k).map((k) => ctx.storage.delete(k)));
      await ctx.jobs.enqueue(TRACK_COVER_JOB, { trackId: track.id });
    } finally {
      if (cover) await fsp.rm(cover.path, { force: true });
      if (!committed && newKey) await ctx.storage.delete(newKey).catch(() => {});
    }
    return getTrack(user, id);
  }

  return { getTrack, uploadTrack, listMyTracks, updateTrack, deleteTrack, replaceCover };
}

export type TrackService = ReturnType<typeof trackService>;

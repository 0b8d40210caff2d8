import { COMMENTS_PAGE_SIZE, isUuid, type TCreateComment } from '@wavecast/shared';
import { loadVisibleTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { decodeCursor, encodeCursor } from './cursor';
import { canDeleteComment } from './policy';
import { presentComment } from './presenter';
import { deleteComment, findAuthor, findCommentWithTrack, insertComment, listComments } from './repo';

/** Comments on tracks: list, post (optionally at a playback position), delete; live over `track:{id}`. */
export const commentService = perApp(makeCommentService);

function makeCommentService(ctx: AppContext) {
  const { db } = ctx.database;

  const visibleTrack = async (viewer: SessionUser | null, trackId: string) => {
    const track = await loadVisibleTrack(ctx.database, viewer?.id ?? null, trackId);
    if (!track) throw notFound('Audio');
    return track;
  };

  return {
    async list(viewer: SessionUser | null, trackId: string, cursor?: string) {
      const track = await visibleTrack(viewer, trackId);
      const rows = await listComments(db, track.id, { limit: COMMENTS_PAGE_SIZE + 1, after: decodeCursor(cursor) });
      const page = rows.slice(0, COMMENTS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map((r) => presentComment(r.comment, r.author, canDeleteComment(viewer, r.comment, track))),
        nextCursor:
          rows.length > COMMENTS_PAGE_SIZE && last ? encodeCursor(last.comment.createdAt, last.comment.id) : null,
      };
    },

    /** One comment as this viewer sees it (with their rights): how clients read a comment announced live. */
    async get(viewer: SessionUser | null, commentId: string) {
      const found = isUuid(commentId) ? await findCommentWithTrack(db, commentId) : undefined;
      if (!found) throw notFound('Comment');
      const track = await visibleTrack(viewer, found.comment.audioId);
      const author = found.comment.userId ? ((await findAuthor(db, found.comment.userId)) ?? null) : null;
      return presentComment(found.comment, author, canDeleteComment(viewer, found.comment, track));
    },

    async create(user: SessionUser, trackId: string, input: TCreateComment) {
      const track = await visibleTrack(user, trackId);
      // A marker cannot sit past the end of the track.
      const position =
        input.positionSeconds == null
          ? null
          : track.duration > 0
            ? Math.min(input.positionSeconds, track.duration)
            : input.positionSeconds;
      const row = await insertComment(db, {
        trackId: track.id,
        userId: user.id,
        content: input.content,
        positionSeconds: position,
      });
      const author = (await findAuthor(db, user.id)) ?? null;
      await ctx.bus.publish(`track:${track.id}`, 'comment.created', {
        trackId: track.id,
        commentId: row.id,
        trackOwnerId: track.userId,
        authorId: user.id,
        // Anyone may join a track's topic: the text rides along only when the track is public.
        ...(track.isPublic ? { comment: presentComment(row, author, false) } : {}),
      });
      return presentComment(row, author, true);
    },

    async remove(user: SessionUser, commentId: string) {
      const found = isUuid(commentId) ? await findCommentWithTrack(db, commentId) : undefined;
      if (!found) throw notFound('Comment');
      if (!canDeleteComment(user, found.comment, { userId: found.trackOwnerId })) {
        throw forbidden('You can only delete your own comments');
      }
      if (!(await deleteComment(db, commentId))) throw notFound('Comment');
      await ctx.bus.publish(`track:${found.comment.audioId}`, 'comment.deleted', {
        trackId: found.comment.audioId,
        commentId,
        trackOwnerId: found.trackOwnerId,
      });
    },
  };
}

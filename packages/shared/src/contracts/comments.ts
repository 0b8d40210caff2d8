import { z } from 'zod';
import { ZUserSummary } from './tracks';

export const COMMENT_MAX_LENGTH = 1000;
/** Comments one user may post per minute. */
export const COMMENT_RATE_LIMIT_PER_MINUTE = 10;
export const COMMENTS_PAGE_SIZE = 50;

export const ZComment = z.object({
  id: z.string(),
  trackId: z.string(),
  content: z.string(),
  /** Playback position (seconds) the comment was written at: a marker on the waveform. */
  positionSeconds: z.number().nullable(),
  createdAt: z.string(),
  /** Null when the author's account is gone. */
  author: ZUserSummary.nullable(),
  /** For the viewer: whether they may delete it (author or track owner). */
  canDelete: z.boolean(),
});
export type TComment = z.infer<typeof ZComment>;

export const ZCommentList = z.object({ items: z.array(ZComment), nextCursor: z.string().nullable() });
export type TCommentList = z.infer<typeof ZCommentList>;

export const ZCommentsQuery = z.object({ cursor: z.string().max(200).optional() });

export const ZCreateComment = z.object({
  content: z
    .string()
    .trim()
    .min(1, 'Comment cannot be empty')
    .max(COMMENT_MAX_LENGTH, `Comment must be at most ${COMMENT_MAX_LENGTH} characters`),
  positionSeconds: z
    .number()
    .min(0)
    .max(7 * 24 * 3600)
    .nullable()
    .optional(),
});
export type TCreateComment = z.infer<typeof ZCreateComment>;

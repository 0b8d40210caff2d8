import type { TComment } from '@wavecast/shared';
import type { Author, CommentRow } from './repo';

/** A comment as clients see it: text as stored (clients render it as text), author summary, rights. */
export function presentComment(row: CommentRow, author: Author | null, canDelete: boolean): TComment {
  return {
    id: row.id,
    trackId: row.audioId,
    content: row.content,
    positionSeconds: row.positionSeconds,
    createdAt: row.createdAt.toISOString(),
    author: author?.id ? { id: author.id, displayName: author.displayName, avatarUrl: author.avatarUrl } : null,
    canDelete,
  };
}

import type { TTrack } from '@wavecast/shared';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { flattenComments, useComments, useLiveComments } from '../queries';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';

/** Comments of a track: the box, then the list (newest first), updated live for everyone viewing. */
export function CommentsSection({ track }: { track: TTrack }) {
  const query = useComments(track.id);
  useLiveComments(track.id);
  const comments = flattenComments(query.data);
  return (
    <section aria-labelledby="comments-heading" className="space-y-4">
      <h2 id="comments-heading" className="text-xl font-bold">
        Comments
        {query.isSuccess && (
          <span className="ml-2 text-base font-normal text-muted">
            ({comments.length}
            {query.hasNextPage ? '+' : ''})
          </span>
        )}
      </h2>
      <CommentForm track={track} />
      {query.isPending ? (
        <div className="grid place-items-center py-8">
          <Spinner />
        </div>
      ) : query.isError ? (
        <p className="text-sm text-error">Could not load comments.</p>
      ) : comments.length === 0 ? (
        <p className="text-sm text-muted">No comments yet. Be the first to share your thoughts!</p>
      ) : (
        <ul className="space-y-5" aria-label="Comments">
          {comments.map((c) => (
            <CommentItem key={c.id} comment={c} track={track} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Show older comments'}
        </Button>
      )}
    </section>
  );
}

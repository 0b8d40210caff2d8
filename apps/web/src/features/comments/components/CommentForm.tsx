import { COMMENT_MAX_LENGTH, formatTime, type TTrack } from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { usePlayerProgress, usePlayerState } from '../../player/PlayerProvider';
import { usePostComment } from '../queries';

/** The comment box: blank (after trimming) cannot be posted; optionally pinned to the playing moment. */
export function CommentForm({ track }: { track: TTrack }) {
  const { user } = useSession();
  const post = usePostComment(track.id);
  const [content, setContent] = useState('');
  const [atTime, setAtTime] = useState(true);
  const isCurrent = usePlayerState((s) => s.current?.id === track.id);
  const time = usePlayerProgress();
  const position = Math.floor(time);
  const trimmed = content.trim();
  const tooLong = trimmed.length > COMMENT_MAX_LENGTH;

  if (!user) {
    return (
      <p className="rounded-lg border border-border bg-surface px-4 py-3 text-sm text-muted">
        <Link to="/login" className="font-semibold text-primary hover:underline">
          Log in
        </Link>{' '}
        to join the conversation.
      </p>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || tooLong || post.isPending) return;
    post.mutate(
      { content: trimmed, positionSeconds: isCurrent && atTime ? position : null },
      {
        onSuccess: () => setContent(''),
        onError: (err) =>
          toast.error(
            err instanceof ApiError && err.code === 'RATE_LIMITED'
              ? 'You are commenting too fast. Please wait a moment.'
              : err instanceof ApiError
                ? err.message
                : 'Failed to post comment',
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor="comment-box" className="sr-only">
        Add a comment
      </label>
      <textarea
        id="comment-box"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        placeholder="Add a comment..."
        rows={3}
        maxLength={COMMENT_MAX_LENGTH + 100}
        aria-invalid={tooLong}
        aria-describedby="comment-help"
        className="w-full resize-y rounded-lg border border-border bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-primary focus:outline-none"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-3 text-xs text-muted">
          {isCurrent && (
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                checked={atTime}
                onChange={(e) => setAtTime(e.target.checked)}
                className="accent-primary"
              />
              <span data-testid="comment-at-time">at {formatTime(position)}</span>
            </label>
          )}
          <span id="comment-help" className={tooLong ? 'text-error' : undefined}>
            {trimmed.length}/{COMMENT_MAX_LENGTH}
          </span>
        </div>
        <Button type="submit" size="sm" disabled={!trimmed || tooLong || post.isPending}>
          {post.isPending ? 'Posting...' : 'Post'}
        </Button>
      </div>
    </form>
  );
}

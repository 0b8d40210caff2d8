import { formatTime, type TComment, type TTrack } from '@wavecast/shared';
import { Flag, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TimeAgo } from '../../../components/ui/TimeAgo';
import { profilePath } from '../../../lib/profilePath';
import { useSession } from '../../auth/session';
import { ReportDialog } from '../../moderation/components/ReportDialog';
import { usePlayerControls, usePlayerState } from '../../player/PlayerProvider';
import { DeleteCommentDialog } from './DeleteCommentDialog';

function Avatar({ name, url }: { name: string; url: string | null | undefined }) {
  if (url) return <img src={url} alt="" className="size-9 shrink-0 rounded-full object-cover" />;
  return (
    <span
      aria-hidden
      className="grid size-9 shrink-0 place-items-center rounded-full bg-surface-2 text-sm font-semibold"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** One comment: author and avatar, relative time, the moment it refers to, report, and delete when allowed. */
export function CommentItem({ comment, track }: { comment: TComment; track: TTrack }) {
  const player = usePlayerControls();
  const isCurrent = usePlayerState((s) => s.current?.id === track.id);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const { user } = useSession();
  const canReport = user !== null && user !== undefined && comment.author?.id !== user.id;
  const name = comment.author?.displayName ?? 'Unknown User';
  const at = comment.positionSeconds;

  const jump = () => {
    if (at == null) return;
    if (isCurrent) player.seek(at);
    else player.play(track, { startAt: at });
  };

  return (
    <li className="flex gap-3" data-testid="comment">
      <Avatar name={name} url={comment.author?.avatarUrl} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
          {comment.author ? (
            <Link to={profilePath(comment.author)} className="font-semibold hover:underline">
              {name}
            </Link>
          ) : (
            <span className="font-semibold">{name}</span>
          )}
          {at != null && (
            <button
              type="button"
              onClick={jump}
              className="text-xs font-medium text-primary hover:underline"
              aria-label={`Play from ${formatTime(at)}`}
            >
              at {formatTime(at)}
            </button>
          )}
          <time dateTime={comment.createdAt} className="text-xs text-muted">
            <TimeAgo date={comment.createdAt} />
          </time>
        </div>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm">{comment.content}</p>
      </div>
      {canReport && (
        <>
          <button
            type="button"
            onClick={() => setReporting(true)}
            aria-label="Report comment"
            className="grid size-8 shrink-0 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-error"
          >
            <Flag className="size-4" aria-hidden />
          </button>
          <ReportDialog
            open={reporting}
            onClose={() => setReporting(false)}
            targetType="comment"
            targetId={comment.id}
          />
        </>
      )}
      {comment.canDelete && (
        <>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            aria-label="Delete comment"
            className="grid size-8 shrink-0 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-error"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
          <DeleteCommentDialog
            trackId={track.id}
            commentId={comment.id}
            open={confirming}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
    </li>
  );
}

import { Repeat2 } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { useRepostState, useToggleRepost } from '../queries';

/** Repost: shares the track with the viewer's followers (their feed); shows the count. */
export function RepostButton({
  track,
  className,
}: {
  track: { id: string; title: string; creatorId: string };
  className?: string;
}) {
  const { user } = useSession();
  const state = useRepostState(track.id);
  const toggle = useToggleRepost(track.id);
  const reposted = state.data?.reposted ?? false;
  // A creator's own upload already reaches their followers.
  if (user?.id === track.creatorId) return null;
  return (
    <button
      type="button"
      onClick={() => {
        if (!user) return void toast.error('Log in to repost tracks');
        toggle.mutate(!reposted, { onError: (e) => toast.error(e.message) });
      }}
      aria-pressed={reposted}
      aria-label={reposted ? `Undo repost of ${track.title}` : `Repost ${track.title}`}
      title={reposted ? 'Undo repost' : 'Repost'}
      disabled={toggle.isPending}
      data-testid="repost-button"
      className={cn(
        'inline-flex h-10 min-w-10 items-center gap-1.5 rounded-full px-3 text-sm transition-colors disabled:opacity-70',
        reposted ? 'text-primary hover:text-primary/80' : 'text-muted hover:text-fg',
        className,
      )}
    >
      <Repeat2 className="size-5" aria-hidden />
      <span data-testid="repost-count">{state.data?.repostCount ?? 0}</span>
    </button>
  );
}

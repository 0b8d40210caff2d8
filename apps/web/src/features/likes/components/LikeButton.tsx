import type { TTrack } from '@wavecast/shared';
import { Heart } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useLike } from '../queries';

/** Persistent like toggle for a track, with its count when `showCount`. */
export function LikeButton({
  track,
  showCount = false,
  className,
  size = 'md',
}: {
  track: Pick<TTrack, 'id' | 'title' | 'likeCount' | 'liked'>;
  showCount?: boolean;
  className?: string;
  size?: 'sm' | 'md';
}) {
  const { liked, likeCount, toggle, pending } = useLike(track);
  return (
    <button
      type="button"
      onClick={(e) => {
        // Cards are often links: liking must not navigate.
        e.preventDefault();
        e.stopPropagation();
        void toggle();
      }}
      aria-pressed={liked}
      aria-label={liked ? `Unlike ${track.title}` : `Like ${track.title}`}
      title={liked ? 'Unlike' : 'Like'}
      disabled={pending}
      data-testid="like-button"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full transition-colors disabled:opacity-70',
        showCount ? (size === 'sm' ? 'px-1.5' : 'px-3') : 'justify-center',
        size === 'sm' ? 'h-8 min-w-8 text-xs' : 'h-10 min-w-10 text-sm',
        liked ? 'text-primary hover:text-primary/80' : 'text-muted hover:text-fg',
        className,
      )}
    >
      <Heart className={cn(size === 'sm' ? 'size-4' : 'size-5', liked && 'fill-current')} aria-hidden />
      {showCount && <span data-testid="like-count">{likeCount}</span>}
    </button>
  );
}

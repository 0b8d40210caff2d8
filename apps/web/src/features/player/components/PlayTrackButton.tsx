import type { TTrack } from '@wavecast/shared';
import { Pause, Play } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { usePlayerControls, usePlayerState } from '../PlayerProvider';

/** A card's play button: toggles the current track, otherwise starts this one (optionally at a time). */
export function PlayTrackButton({
  track,
  startAt,
  className,
  size = 'md',
}: {
  track: TTrack;
  startAt?: number;
  className?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const player = usePlayerControls();
  // Only this card's own playing flag: a card re-renders when it starts or stops, not as time passes.
  const isCurrent = usePlayerState((s) => s.current?.id === track.id);
  const isPlaying = usePlayerState((s) => s.current?.id === track.id && s.playing);
  const Icon = isPlaying ? Pause : Play;
  return (
    <button
      type="button"
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        if (startAt !== undefined && !isCurrent) player.play(track, { startAt });
        else player.playOrToggle(track);
      }}
      aria-label={isPlaying ? `Pause ${track.title}` : `Play ${track.title}`}
      className={cn(
        'grid shrink-0 place-items-center rounded-full bg-primary text-primary-fg shadow hover:bg-primary/90',
        size === 'sm' ? 'size-8' : size === 'lg' ? 'size-14' : 'size-10',
        className,
      )}
    >
      <Icon className={cn('fill-current', size === 'lg' ? 'size-6' : 'size-4')} aria-hidden />
    </button>
  );
}

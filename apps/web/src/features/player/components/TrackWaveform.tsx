import type { TTrack } from '@wavecast/shared';
import { formatTime } from '@wavecast/shared';
import { useCommentMarkers } from '../../comments/useCommentMarkers';
import { usePlayer } from '../PlayerProvider';
import { Waveform } from './Waveform';

/**
 * A track's waveform on its own page, with its timestamped comments as markers. Seeking (or
 * clicking a marker) moves the player, starting this track there if another one is playing.
 */
export function TrackWaveform({ track, className }: { track: TTrack; className?: string }) {
  const player = usePlayer();
  const markers = useCommentMarkers(track.id);
  const isCurrent = player.current?.id === track.id;
  const duration = isCurrent && player.duration > 0 ? player.duration : track.duration;
  const seek = (seconds: number) => {
    if (isCurrent) player.seek(seconds);
    else player.play(track, { startAt: seconds });
  };
  return (
    <div className={className} data-testid="track-waveform">
      <Waveform
        peaksUrl={track.peaksUrl}
        duration={duration}
        currentTime={isCurrent ? player.currentTime : 0}
        onSeek={seek}
        markers={markers}
        height={72}
        label={`Seek in ${track.title}`}
      />
      <div className="mt-2 flex justify-between text-xs text-muted tabular-nums">
        <span>{formatTime(isCurrent ? player.currentTime : 0)}</span>
        <span>{formatTime(duration)}</span>
      </div>
    </div>
  );
}

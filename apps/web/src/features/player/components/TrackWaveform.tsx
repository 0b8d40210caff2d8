import type { TTrack } from '@wavecast/shared';
import { formatTime } from '@wavecast/shared';
import { useCommentMarkers } from '../../comments/useCommentMarkers';
import { usePlayerControls, usePlayerProgress, usePlayerState } from '../PlayerProvider';
import { Waveform } from './Waveform';

/**
 * A track's waveform on its own page, with its timestamped comments as markers. Seeking (or
 * clicking a marker) moves the player, starting this track there if another one is playing.
 */
export function TrackWaveform({ track, className }: { track: TTrack; className?: string }) {
  const player = usePlayerControls();
  const markers = useCommentMarkers(track.id);
  const isCurrent = usePlayerState((s) => s.current?.id === track.id);
  const playerDuration = usePlayerState((s) => (s.current?.id === track.id ? s.duration : 0));
  const time = usePlayerProgress();
  const currentTime = isCurrent ? time : 0;
  const duration = playerDuration > 0 ? playerDuration : track.duration;
  const seek = (seconds: number) => {
    if (isCurrent) player.seek(seconds);
    else player.play(track, { startAt: seconds });
  };
  return (
    <div className={className}>
      <Waveform
        peaksUrl={track.peaksUrl}
        duration={duration}
        currentTime={currentTime}
        onSeek={seek}
        markers={markers}
        height={72}
        label={`Seek in ${track.title}`}
      />
      <div className="mt-1 flex justify-between font-mono text-xs text-muted">
        <span data-testid="detail-current-time">{formatTime(currentTime)}</span>
        <span>{formatTime(duration)}</span>
      </div>
    </div>
  );
}

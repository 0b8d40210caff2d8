import type { TRadioNowPlaying } from '@wavecast/shared';
import { ExternalLink, Mic } from 'lucide-react';
import { Link } from 'react-router';
import { LikeButton } from '../../likes/components/LikeButton';
import { useAiredTrack } from '../queries';

/** What the channel airs now: artwork, title, artist; like or open the track (a DJ set: the DJ's title). */
export function RadioNowPlaying({ nowPlaying }: { nowPlaying: TRadioNowPlaying | null }) {
  const { data: track } = useAiredTrack(nowPlaying?.trackId);
  if (!nowPlaying) return null;
  return (
    <section
      aria-labelledby="radio-now-heading"
      className="flex items-center gap-4 rounded-card border border-border bg-surface p-4"
      data-testid="radio-now-playing"
    >
      {nowPlaying.artworkUrl ? (
        <img src={nowPlaying.artworkUrl} alt="" className="size-16 shrink-0 rounded-lg object-cover" />
      ) : (
        <div className="grid size-16 shrink-0 place-items-center rounded-lg bg-surface-2">
          <Mic className="size-6 text-muted" aria-hidden />
        </div>
      )}
      <div className="min-w-0 flex-1" aria-live="polite">
        <h2 id="radio-now-heading" className="text-xs font-bold tracking-wider text-muted uppercase">
          {nowPlaying.source === 'dj' ? 'Live DJ' : 'Now playing'}
        </h2>
        <p className="truncate font-semibold" data-testid="radio-now-title">
          {nowPlaying.title}
        </p>
        <p className="truncate text-sm text-muted">{nowPlaying.artist}</p>
      </div>
      {track && (
        <div className="flex items-center gap-1">
          <LikeButton track={track} />
          <Link
            to={`/audio/${track.id}`}
            className="inline-flex size-10 items-center justify-center rounded-full text-muted hover:text-fg"
            aria-label={`Open ${track.title}`}
            title="Open track"
          >
            <ExternalLink className="size-5" aria-hidden />
          </Link>
        </div>
      )}
    </section>
  );
}

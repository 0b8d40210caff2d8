import { DEFAULT_COVER_URL, formatTime, type TTrack, timeAgo } from '@wavecast/shared';
import { Clock, Headphones } from 'lucide-react';
import { Link } from 'react-router';
import { ClampedText } from '../../../components/ui/ClampedText';
import { profilePath } from '../../../lib/profilePath';
import { LikeButton } from '../../likes/components/LikeButton';
import { AddToQueueButton } from '../../player/components/AddToQueueButton';
import { PlayTrackButton } from '../../player/components/PlayTrackButton';
import { AddToPlaylistMenu } from '../../playlists/components/AddToPlaylistMenu';
import { CoverImage } from './CoverImage';

export const UNKNOWN_ARTIST = 'Unknown Artist';

/** A track in a grid: cover with play button, title (to its page), creator (to their profile), figures. */
export function TrackCard({ track, eager = false }: { track: TTrack; eager?: boolean }) {
  const artist = track.creator.displayName || UNKNOWN_ARTIST;
  return (
    <article className="group relative flex flex-col rounded-card bg-surface p-3 transition-colors hover:bg-surface-2">
      <div className="relative aspect-square overflow-hidden rounded-lg bg-surface-2">
        <CoverImage src={track.coverUrl} fallback={DEFAULT_COVER_URL} eager={eager} />
        <PlayTrackButton
          track={track}
          className="absolute right-2 bottom-2 opacity-100 shadow-lg transition-opacity md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100"
        />
        <AddToQueueButton
          track={track}
          className="absolute top-2 left-2 bg-black/60 text-white opacity-100 transition-opacity hover:bg-black/80 hover:text-white md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100"
        />
        <AddToPlaylistMenu
          track={track}
          className="absolute top-2 right-2 bg-black/60 text-white opacity-100 transition-opacity hover:bg-black/80 hover:text-white md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100"
        />
      </div>
      {/* Block links at least 24 px tall (a one-line title too): the tap target WCAG 2.5.8 asks for. */}
      <h3 className="mt-3 text-sm font-semibold leading-snug">
        <Link to={`/audio/${track.id}`} className="block min-h-6 hover:underline">
          <ClampedText text={track.title} />
        </Link>
      </h3>
      <p className="text-sm text-muted">
        <Link to={profilePath(track.creator)} className="block truncate py-0.5 hover:text-fg hover:underline">
          {artist}
        </Link>
      </p>
      <p className="mt-2 flex items-center gap-3 text-xs text-muted">
        <span className="flex items-center gap-1" title="Plays">
          <Headphones className="size-3.5" aria-hidden />
          <span className="sr-only">Plays: </span>
          {track.playCount.toLocaleString('en')}
        </span>
        <span className="flex items-center gap-1" title="Duration">
          <Clock className="size-3.5" aria-hidden />
          <span className="sr-only">Duration: </span>
          {formatTime(track.duration)}
        </span>
        <LikeButton track={track} size="sm" showCount className="-my-1.5" />
      </p>
      <p className="mt-1 truncate text-xs text-muted">
        {/* Not lib/now (Home's script budget): a first view's text, written a moment earlier, is kept. */}
        <time dateTime={track.createdAt} suppressHydrationWarning>
          {timeAgo(track.createdAt)}
        </time>
      </p>
    </article>
  );
}

import { formatTime, type TTrack } from '@wavecast/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { profilePath } from '../../../lib/profilePath';
import { LikeButton } from '../../likes/components/LikeButton';
import { AddToPlaylistMenu } from '../../playlists/components/AddToPlaylistMenu';
import { usePlayerState } from '../PlayerProvider';
import { AddToQueueButton } from './AddToQueueButton';
import { PlayTrackButton } from './PlayTrackButton';

/** One track in a list (Liked Songs, Recently Played): play, title, creator, like, queue, duration. */
export function TrackListRow({ track, index, meta }: { track: TTrack; index?: number; meta?: ReactNode }) {
  const isCurrent = usePlayerState((s) => s.current?.id === track.id);
  return (
    <li
      className={cn(
        'group flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-surface-2 sm:px-3',
        isCurrent && 'bg-surface-2/60',
      )}
      data-testid="track-row"
    >
      {index !== undefined && (
        <span className="hidden w-6 text-right text-sm text-muted tabular-nums sm:block">{index}</span>
      )}
      <PlayTrackButton track={track} size="sm" />
      <img src={track.coverUrl} alt="" className="size-11 shrink-0 rounded object-cover" />
      <div className="min-w-0 flex-1">
        <Link
          to={`/audio/${track.id}`}
          className={cn('block truncate font-medium hover:underline', isCurrent && 'text-primary')}
        >
          {track.title}
        </Link>
        <p className="truncate text-sm text-muted">
          <Link to={profilePath(track.creator)} className="hover:text-fg hover:underline">
            {track.creator.displayName ?? 'Unknown Artist'}
          </Link>
          {meta && <span> · {meta}</span>}
        </p>
      </div>
      <LikeButton track={track} size="sm" />
      <AddToQueueButton track={track} className="hidden sm:inline-flex" />
      <AddToPlaylistMenu track={track} className="hidden sm:inline-flex" />
      <span className="w-12 text-right text-sm text-muted tabular-nums">{formatTime(track.duration)}</span>
    </li>
  );
}

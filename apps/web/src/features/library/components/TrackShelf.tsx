import type { TTrack } from '@wavecast/shared';
import { Link } from 'react-router';
import { ClampedText } from '../../../components/ui/ClampedText';
import { PlayTrackButton } from '../../player/components/PlayTrackButton';
import { AddToPlaylistMenu } from '../../playlists/components/AddToPlaylistMenu';

/** A row of track tiles (liked, recently played) with play and add to playlist. */
export function TrackShelf({ tracks, testId }: { tracks: TTrack[]; testId?: string }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" data-testid={testId}>
      {tracks.map((track) => (
        <li key={track.id} className="min-w-0">
          <div className="group relative overflow-hidden rounded-card bg-surface">
            <img src={track.coverUrl} alt="" className="aspect-square w-full object-cover" />
            <PlayTrackButton track={track} className="absolute right-2 bottom-2" />
          </div>
          <div className="mt-2 flex items-start gap-1">
            <div className="min-w-0 flex-1">
              <Link to={`/audio/${track.id}`} className="block font-semibold leading-snug hover:underline">
                <ClampedText text={track.title} />
              </Link>
              <p className="truncate text-sm text-muted">{track.creator.displayName ?? 'Unknown Artist'}</p>
            </div>
            <AddToPlaylistMenu track={track} className="-mr-2 shrink-0" />
          </div>
        </li>
      ))}
    </ul>
  );
}

import { ALBUM_KIND_LABELS, type TFeedItem } from '@wavecast/shared';
import { Disc3, Repeat2 } from 'lucide-react';
import { Link } from 'react-router';
import { profilePath } from '../../../lib/profilePath';
import { TrackListRow } from '../../player/components/TrackListRow';

/** Feed items as a list: uploads and reposts play in place; a release links to its album page. */
export function FeedList({ items }: { items: TFeedItem[] }) {
  return (
    <ul className="space-y-1" data-testid="feed-list">
      {items.map((item) =>
        item.kind === 'album' ? (
          <li
            key={`${item.kind}:${item.id}`}
            data-testid="feed-album"
            className="rounded-lg px-2 py-2 hover:bg-surface-2 sm:px-3"
          >
            <Link to={`/album/${item.album.id}`} className="flex items-center gap-3">
              <img src={item.album.coverUrl} alt="" className="size-11 shrink-0 rounded object-cover" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{item.album.title}</span>
                <span className="flex items-center gap-1 truncate text-sm text-muted">
                  <Disc3 className="size-3.5" aria-hidden />
                  New {ALBUM_KIND_LABELS[item.album.kind]} by {item.album.creator.displayName ?? 'Unknown Creator'} ·{' '}
                  {item.album.trackCount} {item.album.trackCount === 1 ? 'track' : 'tracks'}
                </span>
              </span>
            </Link>
          </li>
        ) : (
          <TrackListRow
            key={`${item.kind}:${item.id}`}
            track={item.track}
            meta={
              item.kind === 'repost' ? (
                <span data-testid="feed-repost">
                  <Repeat2 className="inline size-3.5 align-[-2px]" aria-hidden /> Reposted by{' '}
                  <Link to={profilePath(item.reposter)} className="hover:text-fg hover:underline">
                    {item.reposter.displayName ?? 'Unknown Listener'}
                  </Link>
                </span>
              ) : (
                'New upload'
              )
            }
          />
        ),
      )}
    </ul>
  );
}

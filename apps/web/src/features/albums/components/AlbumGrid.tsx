import { ALBUM_KIND_LABELS, type TAlbumSummary } from '@wavecast/shared';
import { Link } from 'react-router';

/** Album and EP cards in a responsive grid. */
export function AlbumGrid({ albums }: { albums: TAlbumSummary[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" data-testid="album-grid">
      {albums.map((a) => (
        <li key={a.id}>
          <AlbumCard album={a} />
        </li>
      ))}
    </ul>
  );
}

export function AlbumCard({ album: a }: { album: TAlbumSummary }) {
  return (
    <Link
      to={`/album/${a.id}`}
      className="group block rounded-card bg-surface p-3 transition-colors hover:bg-surface-2"
    >
      <img src={a.coverUrl} alt="" className="aspect-square w-full rounded-lg object-cover" />
      <p className="mt-2 truncate font-semibold">{a.title}</p>
      <p className="truncate text-sm text-muted">
        {ALBUM_KIND_LABELS[a.kind]} · {a.releaseDate.slice(0, 4)} · {a.trackCount}{' '}
        {a.trackCount === 1 ? 'track' : 'tracks'}
        {!a.released && ' · Scheduled'}
      </p>
    </Link>
  );
}

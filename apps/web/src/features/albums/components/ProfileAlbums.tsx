import { ALBUM_MESSAGES } from '@wavecast/shared';
import { Disc3 } from 'lucide-react';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Spinner } from '../../../components/ui/Spinner';
import { useUserAlbums } from '../queries';
import { AlbumGrid } from './AlbumGrid';

/** A creator profile's Albums tab: released albums and EPs (all of them for the creator). */
export function ProfileAlbums({ id, name }: { id: string; name: string }) {
  const albums = useUserAlbums(id);
  if (albums.isPending)
    return (
      <div className="grid place-items-center py-12">
        <Spinner />
      </div>
    );
  if (albums.isError) return <p className="text-error">Could not load albums. Please try again.</p>;
  if (albums.data.items.length === 0)
    return (
      <EmptyState title={ALBUM_MESSAGES.noAlbums} icon={<Disc3 className="size-10" aria-hidden />}>
        <p>{name} has not released an album.</p>
      </EmptyState>
    );
  return <AlbumGrid albums={albums.data.items} />;
}

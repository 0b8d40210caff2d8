import { ListMusic } from 'lucide-react';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Spinner } from '../../../components/ui/Spinner';
import { PlaylistGrid } from '../../playlists/components/PlaylistGrid';
import { useUserPlaylists } from '../queries';

/** The user's public playlists (from the playlists module). */
export function ProfilePlaylists({ id }: { id: string }) {
  const playlists = useUserPlaylists(id, true);
  if (playlists.isPending) {
    return (
      <div className="grid place-items-center py-12">
        <Spinner />
      </div>
    );
  }
  const items = playlists.data ?? [];
  if (items.length === 0) {
    return (
      <EmptyState title="No playlists yet" icon={<ListMusic className="size-10" aria-hidden />}>
        <p>Public playlists will show up here.</p>
      </EmptyState>
    );
  }
  return <PlaylistGrid playlists={items} />;
}

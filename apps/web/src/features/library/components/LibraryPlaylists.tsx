import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner';
import { CreatePlaylistDialog } from '../../playlists/components/CreatePlaylistDialog';
import { PlaylistGrid } from '../../playlists/components/PlaylistGrid';
import { useMyPlaylists } from '../../playlists/queries';

/** The user's playlists with a Create tile (the only way to create one on phones, where the sidebar is hidden). */
export function LibraryPlaylists({ limit }: { limit?: number }) {
  const { data, isPending, isError } = useMyPlaylists();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  if (isPending) {
    return (
      <div className="grid place-items-center py-10">
        <Spinner />
      </div>
    );
  }
  if (isError) return <p className="text-error">Could not load your playlists. Please try again.</p>;
  const items = limit ? data.items.slice(0, limit) : data.items;
  return (
    <>
      <PlaylistGrid
        playlists={items}
        first={
          <button
            type="button"
            onClick={() => setCreating(true)}
            className="flex aspect-square w-full flex-col items-center justify-center gap-2 rounded-card border border-dashed border-border text-muted hover:border-primary hover:text-fg"
          >
            <Plus className="size-8" aria-hidden />
            <span className="font-semibold">Create Playlist</span>
          </button>
        }
      />
      <CreatePlaylistDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(p) => navigate(`/playlist/${p.id}`)}
      />
    </>
  );
}

import type { TPlaylist } from '@wavecast/shared';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useCoverImageInput } from '../../../components/ui/CoverImageInput';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../lib/toast';
import { useSetPlaylistCover } from '../queries';

/** The playlist's cover; its owner can choose an image (JPEG, PNG or WebP) or go back to the default. */
export function PlaylistCover({ playlist }: { playlist: TPlaylist }) {
  const setCover = useSetPlaylistCover(playlist.id);
  const hasOwnCover = playlist.coverUrl.startsWith(`/api/playlists/${playlist.id}/cover`);
  const picker = useCoverImageInput((file) =>
    setCover.mutate(file, {
      onSuccess: () => toast.success('Cover updated'),
      onError: (err) => toast.error(err.message),
    }),
  );

  return (
    <div className="group relative size-40 shrink-0 overflow-hidden rounded-card bg-surface-2 shadow-xl sm:size-52">
      <img src={playlist.coverUrl} alt="" className="size-full object-cover" />
      {setCover.isPending && (
        <div className="absolute inset-0 grid place-items-center bg-black/60">
          <Spinner />
        </div>
      )}
      {playlist.canManage && !setCover.isPending && (
        <div className="absolute inset-x-0 bottom-0 flex justify-center gap-2 bg-gradient-to-t from-black/80 to-transparent p-3 opacity-100 transition-opacity sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
          <button
            type="button"
            onClick={picker.open}
            className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-black hover:bg-white"
          >
            <ImagePlus className="size-4" aria-hidden />
            Change cover
          </button>
          {hasOwnCover && (
            <button
              type="button"
              onClick={() => setCover.mutate(null, { onError: (err) => toast.error(err.message) })}
              aria-label="Remove cover"
              className="grid size-7 place-items-center rounded-full bg-white/90 text-black hover:bg-white"
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          )}
          {picker.input}
        </div>
      )}
    </div>
  );
}

import type { TTrack } from '@wavecast/shared';
import { CirclePlus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';

export type PickableTrack = Pick<TTrack, 'id' | 'title'>;

// One dialog for the whole app: a card, the detail page's More menu or the player bar asks for it,
// and it outlives whatever menu opened it. The dialog itself (AddToPlaylistHost.tsx) loads with the
// sidebar's playlists block, for signed-in users only: not part of a first view's scripts.
let pending: PickableTrack | null = null;
const listeners = new Set<() => void>();
/** The track whose dialog is open (AddToPlaylistHost.tsx renders it). */
export const addToPlaylistStore = {
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  get: () => pending,
  set(track: PickableTrack | null) {
    pending = track;
    for (const l of listeners) l();
  },
};

/** Opens the "Add to playlist" dialog for a track (signed-out users are sent to log in). */
export function useOpenAddToPlaylist() {
  const { user } = useSession();
  const navigate = useNavigate();
  return (track: PickableTrack) => {
    if (!user) {
      toast('Log in to add tracks to your playlists');
      navigate('/login');
      return;
    }
    addToPlaylistStore.set({ id: track.id, title: track.title });
  };
}

/**
 * "Add to playlist". `variant`: `icon` (cards, rows, player bar) or `button` (with its label). Menus
 * (the detail page's More menu) have their own item calling useOpenAddToPlaylist.
 */
export function AddToPlaylistMenu({
  track,
  variant = 'icon',
  className,
}: {
  track: PickableTrack;
  variant?: 'icon' | 'button';
  className?: string;
}) {
  const open = useOpenAddToPlaylist();
  const label = `Add ${track.title} to playlist`;
  return (
    <button
      type="button"
      aria-label={variant === 'icon' ? label : undefined}
      title={variant === 'icon' ? 'Add to playlist' : undefined}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        open(track);
      }}
      className={cn(
        variant === 'icon' && 'inline-flex size-9 items-center justify-center rounded-full text-muted hover:text-fg',
        variant === 'button' &&
          'inline-flex h-10 items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold hover:bg-surface-2',
        className,
      )}
    >
      <CirclePlus className="size-5 shrink-0" aria-hidden />
      {variant !== 'icon' && 'Add to playlist'}
    </button>
  );
}

import { Heart, History, ListMusic, Lock, Plus } from 'lucide-react';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { cn } from '../../../lib/cn';
import { useMyPlaylists } from '../queries';
import { AddToPlaylistHost } from './AddToPlaylistHost';
import { CreatePlaylistDialog } from './CreatePlaylistDialog';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
    isActive ? 'bg-surface-2 text-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
  );

function Item({ to, icon: Icon, label }: { to: string; icon: ComponentType<{ className?: string }>; label: string }) {
  return (
    <NavLink to={to} end className={linkClass}>
      <Icon className="size-5 shrink-0" aria-hidden />
      <span className="truncate">{label}</span>
    </NavLink>
  );
}

/** The sidebar's Your Playlists block: Create Playlist, Liked Songs, Recently Played and the user's playlists. */
export function YourPlaylists() {
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const { data, isPending } = useMyPlaylists();
  const playlists = data?.items ?? [];

  return (
    <>
      <button
        type="button"
        onClick={() => setCreating(true)}
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-surface-2 hover:text-fg"
        data-testid="create-playlist"
      >
        <Plus className="size-5" aria-hidden />
        Create Playlist
      </button>
      <Item to="/dashboard/listener/liked" icon={Heart} label="Liked Songs" />
      <Item to="/dashboard/listener/recent" icon={History} label="Recently Played" />
      {isPending ? (
        <div className="space-y-2 px-3 py-1" aria-hidden>
          <div className="h-4 w-3/4 animate-pulse rounded bg-surface-2" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-surface-2" />
        </div>
      ) : (
        <ul aria-label="Your playlists" className="space-y-1" data-testid="sidebar-playlists">
          {playlists.map((p) => (
            <li key={p.id}>
              <NavLink to={`/playlist/${p.id}`} className={linkClass} title={p.name}>
                <ListMusic className="size-5 shrink-0" aria-hidden />
                <span className="min-w-0 flex-1 truncate">{p.name}</span>
                {!p.isPublic && <Lock className="size-3.5 shrink-0 opacity-60" aria-label="Private" />}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
      <CreatePlaylistDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(p) => {
          setCreating(false);
          navigate(`/playlist/${p.id}`);
        }}
      />
      <AddToPlaylistHost />
    </>
  );
}

import { formatTime, PLAYLIST_MESSAGES, type TPlaylist, type TPlaylistItem } from '@wavecast/shared';
import { ArrowDown, ArrowUp, GripVertical, Pause, Play, X } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { profilePath } from '../../../lib/profilePath';
import { toast } from '../../../lib/toast';
import { usePlayerControls, usePlayerState } from '../../player/PlayerProvider';
import { usePlayTracks } from '../hooks';
import { moveEntry } from '../lib/order';
import { useMovePlaylistItem, useRemoveFromPlaylist } from '../queries';
import { AddToPlaylistMenu } from './AddToPlaylistMenu';

/**
 * The playlist's tracks. The owner reorders by dragging a row, with Alt+Arrow keys on a focused
 * row, or with the move buttons; and removes entries.
 */
export function PlaylistTrackList({ playlist }: { playlist: TPlaylist }) {
  const move = useMovePlaylistItem(playlist.id);
  const remove = useRemoveFromPlaylist(playlist.id);
  const playTracks = usePlayTracks();
  const player = usePlayerControls();
  const currentId = usePlayerState((s) => s.current?.id);
  const playing = usePlayerState((s) => s.playing);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<string | null>(null);
  const rowRefs = useRef(new Map<string, HTMLLIElement>());
  const items = playlist.items;
  const editable = playlist.canManage;

  // Keyboard moves keep focus on the row that moved.
  useEffect(() => {
    const id = focusAfterMove.current;
    if (!id) return;
    focusAfterMove.current = null;
    rowRefs.current.get(id)?.focus();
  });

  const moveTo = (from: number, to: number, focus = false) => {
    const m = moveEntry(playlist, from, to);
    if (!m) return;
    if (focus) focusAfterMove.current = m.item.id;
    setAnnouncement(`Moved ${m.item.track.title} to position ${to + 1} of ${items.length}`);
    move.mutate(
      { itemId: m.item.id, toPosition: m.toPosition, optimistic: m.optimistic },
      { onError: (err) => toast.error(err.message) },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (!editable || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    moveTo(index, e.key === 'ArrowUp' ? index - 1 : index + 1, true);
  };

  const onDrop = (e: DragEvent, index: number) => {
    e.preventDefault();
    if (dragFrom !== null) moveTo(dragFrom, index);
    setDragFrom(null);
    setDragOver(null);
  };

  const playFrom = (index: number) => {
    const item = items[index] as TPlaylistItem;
    if (currentId === item.track.id) player.toggle();
    else playTracks(items.slice(index).map((i) => i.track));
  };

  if (items.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-border px-6 py-12 text-center">
        <p className="font-semibold">This playlist is empty</p>
        <p className="mt-1 text-sm text-muted">
          Find something you like on{' '}
          <Link to="/explore" className="text-primary hover:underline">
            Explore
          </Link>{' '}
          and choose Add to playlist.
        </p>
      </div>
    );
  }

  return (
    <>
      {editable && (
        <p className="mb-2 text-xs text-muted" id="reorder-help">
          Drag a track to reorder it, or focus a row and press Alt + Arrow Up / Arrow Down.
        </p>
      )}
      <ol aria-label="Tracks" aria-describedby={editable ? 'reorder-help' : undefined} data-testid="playlist-tracks">
        {items.map((item, index) => {
          const { track } = item;
          const isCurrent = currentId === track.id;
          const isPlaying = isCurrent && playing;
          return (
            <li
              key={item.id}
              ref={(el) => {
                if (el) rowRefs.current.set(item.id, el);
                else rowRefs.current.delete(item.id);
              }}
              tabIndex={editable ? 0 : undefined}
              draggable={editable}
              aria-label={editable ? `${index + 1}. ${track.title}` : undefined}
              onKeyDown={(e) => onKeyDown(e, index)}
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', item.id);
                setDragFrom(index);
              }}
              onDragOver={(e) => {
                if (dragFrom === null) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                if (dragOver !== index) setDragOver(index);
              }}
              onDragLeave={() => setDragOver((o) => (o === index ? null : o))}
              onDrop={(e) => onDrop(e, index)}
              onDragEnd={() => {
                setDragFrom(null);
                setDragOver(null);
              }}
              data-testid="playlist-row"
              className={cn(
                'group flex items-center gap-2 rounded-lg border-y-2 border-transparent px-2 py-2 hover:bg-surface-2 sm:gap-3 sm:px-3',
                isCurrent && 'bg-surface-2/60',
                dragFrom === index && 'opacity-50',
                dragOver === index &&
                  dragFrom !== null &&
                  dragFrom !== index &&
                  (dragFrom < index ? 'border-b-primary' : 'border-t-primary'),
              )}
            >
              {editable && (
                <GripVertical className="hidden size-4 shrink-0 cursor-grab text-muted sm:block" aria-hidden />
              )}
              <span className="hidden w-6 shrink-0 text-right text-sm text-muted tabular-nums sm:block">
                {index + 1}
              </span>
              <button
                type="button"
                onClick={() => playFrom(index)}
                aria-label={isPlaying ? `Pause ${track.title}` : `Play ${track.title}`}
                className="grid size-8 shrink-0 place-items-center rounded-full bg-primary text-primary-fg hover:bg-primary/90"
              >
                {isPlaying ? (
                  <Pause className="size-4 fill-current" aria-hidden />
                ) : (
                  <Play className="size-4 fill-current" aria-hidden />
                )}
              </button>
              <img src={track.coverUrl} alt="" className="hidden size-11 shrink-0 rounded object-cover sm:block" />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/audio/${track.id}`}
                  className={cn('block truncate font-medium hover:underline', isCurrent && 'text-primary')}
                  draggable={false}
                >
                  {track.title}
                </Link>
                <Link
                  to={profilePath(track.creator)}
                  className="block truncate text-sm text-muted hover:text-fg hover:underline"
                  draggable={false}
                >
                  {track.creator.displayName ?? 'Unknown Artist'}
                </Link>
              </div>
              {!editable && <AddToPlaylistMenu track={track} className="hidden sm:inline-flex" />}
              <span className="w-10 shrink-0 text-right text-sm text-muted tabular-nums sm:w-12">
                {formatTime(track.duration)}
              </span>
              {editable && (
                <div className="flex shrink-0 items-center">
                  <button
                    type="button"
                    onClick={() => moveTo(index, index - 1, true)}
                    disabled={index === 0}
                    aria-label={`Move ${track.title} up`}
                    className="grid size-8 place-items-center rounded-full text-muted hover:bg-surface hover:text-fg disabled:opacity-30"
                  >
                    <ArrowUp className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    onClick={() => moveTo(index, index + 1, true)}
                    disabled={index === items.length - 1}
                    aria-label={`Move ${track.title} down`}
                    className="grid size-8 place-items-center rounded-full text-muted hover:bg-surface hover:text-fg disabled:opacity-30"
                  >
                    <ArrowDown className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    onClick={() =>
                      remove.mutate(item.id, {
                        onSuccess: () => toast.success(PLAYLIST_MESSAGES.removed),
                        onError: (err) => toast.error(err.message),
                      })
                    }
                    aria-label={`Remove ${track.title} from playlist`}
                    className="grid size-8 place-items-center rounded-full text-muted hover:bg-surface hover:text-error"
                  >
                    <X className="size-4" aria-hidden />
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

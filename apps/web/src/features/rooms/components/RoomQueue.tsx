import type { TRoomQueueItem, TSearchResults } from '@wavecast/shared';
import { formatTime } from '@wavecast/shared';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useRoomAction } from '../queries';

/** The shared queue: what plays next; members add (unless the host restricted it) and remove their own. */
export function RoomQueue({
  roomId,
  items,
  currentItemId,
  canAdd,
  isHost,
  myMemberName,
}: {
  roomId: string;
  items: TRoomQueueItem[];
  currentItemId: string | null;
  canAdd: boolean;
  isHost: boolean;
  myMemberName: string | null;
}) {
  const remove = useRoomAction<string>(roomId, (itemId) => ({ path: `/queue/${itemId}`, method: 'DELETE' }));
  const playItem = useRoomAction<string>(roomId, (itemId) => ({
    path: '/playback',
    method: 'POST',
    body: { action: 'playItem', itemId },
  }));
  const fail = (e: Error) => toast.error(e.message);
  return (
    <section aria-labelledby="room-queue-heading" className="rounded-card border border-border bg-surface p-4">
      <h2 id="room-queue-heading" className="mb-3 text-lg font-semibold">
        Queue <span className="text-muted">({items.length})</span>
      </h2>
      {items.length === 0 && <p className="text-sm text-muted">The queue is empty. Add a track to start.</p>}
      <ol className="space-y-1" data-testid="room-queue">
        {items.map((item) => (
          <li
            key={item.id}
            className={`flex items-center gap-3 rounded-lg px-2 py-1.5 text-sm ${item.id === currentItemId ? 'bg-primary/10' : ''}`}
          >
            <img src={item.coverUrl ?? undefined} alt="" className="size-9 rounded object-cover" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">
                {item.title}
                {item.id === currentItemId && <span className="ml-2 text-xs text-primary">Now playing</span>}
              </p>
              <p className="truncate text-xs text-muted">
                {item.creatorName ?? 'Unknown Creator'} · {formatTime(item.duration)}
                {item.addedBy && ` · added by ${item.addedBy}`}
              </p>
            </div>
            {isHost && item.id !== currentItemId && (
              <button
                type="button"
                className="text-xs font-semibold text-primary hover:underline"
                onClick={() => playItem.mutate(item.id, { onError: fail })}
              >
                Play
              </button>
            )}
            {(isHost || (myMemberName !== null && item.addedBy === myMemberName)) && (
              <button
                type="button"
                aria-label={`Remove ${item.title}`}
                onClick={() => remove.mutate(item.id, { onError: fail })}
                className="grid size-7 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-error"
              >
                <X className="size-4" />
              </button>
            )}
          </li>
        ))}
      </ol>
      {canAdd && <AddTrack roomId={roomId} />}
    </section>
  );
}

function AddTrack({ roomId }: { roomId: string }) {
  const [q, setQ] = useState('');
  const [results, setResults] = useState<TSearchResults['tracks'] | null>(null);
  const add = useRoomAction<string>(roomId, (trackId) => ({ path: '/queue', method: 'POST', body: { trackId } }));
  const search = async (e: FormEvent) => {
    e.preventDefault();
    if (!q.trim()) return;
    try {
      const r = await api<TSearchResults>(`/api/search?type=audio&q=${encodeURIComponent(q.trim())}`);
      setResults(r.tracks.slice(0, 8));
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  return (
    <div className="mt-4 border-t border-border pt-3">
      <form onSubmit={search} className="flex gap-2">
        <input
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search tracks to add…"
          aria-label="Search tracks to add"
          className="h-10 min-w-0 flex-1 rounded-full border border-border bg-bg px-4 text-sm"
        />
        <Button type="submit" size="sm" variant="secondary">
          Search
        </Button>
      </form>
      {results && (
        <ul className="mt-2 space-y-1">
          {results.length === 0 && <li className="text-sm text-muted">No tracks found</li>}
          {results.map((t) => (
            <li key={t.id} className="flex items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 truncate">{t.title}</span>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Add ${t.title}`}
                onClick={() =>
                  add.mutate(t.id, {
                    onSuccess: () => toast.success('Added to the queue'),
                    onError: (e) => toast.error(e.message),
                  })
                }
              >
                <Plus className="size-4" aria-hidden /> Add
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { ALBUM_MAX_TRACKS, ALBUM_MESSAGES, type TAlbum, type TTrack } from '@wavecast/shared';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Dialog } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/TextField';
import { api } from '../../../lib/api';
import { profilePath } from '../../../lib/profilePath';
import { toast } from '../../../lib/toast';
import { useMyTracks } from '../../tracks/queries';
import { moved } from '../lib/order';
import { albumKeys } from '../queries';

/**
 * The creator's album editor (issue 36): title, cover, the tracks' order (Move up / Move down
 * buttons, so the keyboard and screen readers can do it), adding and removing tracks, and deleting
 * the album. Saved in one PATCH (trackIds replaces the order), then the cover if one was chosen.
 */
export default function AlbumEditor({ album, onClose }: { album: TAlbum; onClose: () => void }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [title, setTitle] = useState(album.title);
  const [tracks, setTracks] = useState<TTrack[]>(album.tracks);
  const [cover, setCover] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // After a move, focus stays on the moved track's same button (its row was moved in the DOM).
  const [refocus, setRefocus] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!refocus) return;
    list.current?.querySelector<HTMLButtonElement>(`[data-focus-key="${CSS.escape(refocus)}"]`)?.focus();
    setRefocus(null);
  }, [refocus]);

  const mine = useMyTracks();
  const inAlbum = new Set(tracks.map((t) => t.id));
  const candidates = (mine.data?.pages.flatMap((p) => p.items) ?? []).filter(
    (t) => !inAlbum.has(t.id) && t.status === 'ready',
  );

  const move = (index: number, step: -1 | 1) => {
    const track = tracks[index];
    if (!track) return;
    const next = moved(tracks, index, step);
    setTracks(next);
    setAnnouncement(`${track.title} moved to position ${next.indexOf(track) + 1} of ${next.length}`);
    const target = next.indexOf(track) === (step < 0 ? 0 : next.length - 1) ? -step : step;
    setRefocus(`${track.id}:${target < 0 ? 'up' : 'down'}`);
  };
  const remove = (track: TTrack) => {
    setTracks((ts) => ts.filter((t) => t.id !== track.id));
    setAnnouncement(`${track.title} removed from the album`);
  };
  const add = (track: TTrack) => {
    setTracks((ts) => [...ts, track]);
    setAnnouncement(`${track.title} added at position ${tracks.length + 1}`);
  };

  const save = async () => {
    const trimmed = title.trim();
    if (!trimmed) return setError(ALBUM_MESSAGES.titleRequired);
    if (tracks.length === 0) return setError(ALBUM_MESSAGES.tracksRequired);
    setError(null);
    setSaving(true);
    try {
      let saved = await api<TAlbum>(`/api/albums/${encodeURIComponent(album.id)}`, {
        method: 'PATCH',
        body: { title: trimmed, trackIds: tracks.map((t) => t.id) },
      });
      if (cover) {
        const form = new FormData();
        form.append('cover', cover);
        saved = await api<TAlbum>(`/api/albums/${encodeURIComponent(album.id)}/cover`, { method: 'PUT', body: form });
      }
      qc.setQueryData(albumKeys.album(album.id), saved);
      void qc.invalidateQueries({ queryKey: albumKeys.ofUser(album.creator.id) });
      toast.success('Album saved');
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const remove_ = async () => {
    setDeleting(true);
    try {
      await api<void>(`/api/albums/${encodeURIComponent(album.id)}`, { method: 'DELETE' });
      qc.removeQueries({ queryKey: albumKeys.album(album.id) });
      void qc.invalidateQueries({ queryKey: albumKeys.ofUser(album.creator.id) });
      toast.success('Album deleted');
      navigate(profilePath(album.creator));
    } catch (e) {
      toast.error((e as Error).message);
      setDeleting(false);
      setConfirmDelete(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title="Edit album" className="max-w-2xl">
      <form
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField label="Album title" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
        <div>
          <label htmlFor="album-cover" className="mb-1 block text-sm font-medium">
            Cover
          </label>
          <div className="flex items-center gap-3">
            <img src={preview ?? album.coverUrl} alt="" className="size-16 rounded-lg object-cover" />
            <input
              id="album-cover"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                setCover(file);
                setPreview(file ? URL.createObjectURL(file) : null);
              }}
              className="text-sm"
            />
          </div>
        </div>

        <fieldset>
          <legend className="mb-2 text-sm font-medium">
            Tracks ({tracks.length} of at most {ALBUM_MAX_TRACKS})
          </legend>
          <ol ref={list} className="space-y-1" aria-label="Album tracks in order">
            {tracks.map((t, i) => (
              <li
                key={t.id}
                data-testid="album-edit-track"
                className="flex items-center gap-2 rounded-lg bg-surface-2 px-3 py-2"
              >
                <span className="w-6 text-right text-sm text-muted tabular-nums">{i + 1}</span>
                <span className="min-w-0 flex-1 truncate" title={t.title}>
                  {t.title}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Move ${t.title} up`}
                  data-focus-key={`${t.id}:up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUp className="size-4" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Move ${t.title} down`}
                  data-focus-key={`${t.id}:down`}
                  disabled={i === tracks.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown className="size-4" aria-hidden />
                </Button>
                <Button variant="ghost" size="sm" aria-label={`Remove ${t.title}`} onClick={() => remove(t)}>
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ol>
          <p className="sr-only" role="status" aria-live="polite">
            {announcement}
          </p>
        </fieldset>

        {candidates.length > 0 && tracks.length < ALBUM_MAX_TRACKS && (
          <section aria-labelledby="album-add-heading">
            <h3 id="album-add-heading" className="mb-2 text-sm font-medium">
              Add your tracks
            </h3>
            <ul className="max-h-48 space-y-1 overflow-y-auto">
              {candidates.map((t) => (
                <li key={t.id} className="flex items-center gap-2 px-3 py-1">
                  <span className="min-w-0 flex-1 truncate" title={t.title}>
                    {t.title}
                  </span>
                  <Button variant="ghost" size="sm" aria-label={`Add ${t.title}`} onClick={() => add(t)}>
                    <Plus className="size-4" aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
            {mine.hasNextPage && (
              <Button variant="ghost" size="sm" onClick={() => void mine.fetchNextPage()}>
                More of your tracks
              </Button>
            )}
          </section>
        )}

        {error && (
          <p className="text-sm text-error" role="alert">
            {error}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            Delete album
          </Button>
          <div className="flex gap-2">
            <Button variant="ghost" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this album?"
        description="Its tracks stay on your profile; only the album goes."
        confirmLabel="Delete album"
        pendingLabel="Deleting…"
        pending={deleting}
        danger
        onConfirm={() => void remove_()}
        onClose={() => setConfirmDelete(false)}
      />
    </Dialog>
  );
}

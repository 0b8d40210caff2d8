import { MESSAGES, type TTrack } from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { TagInput } from '../../../components/ui/TagInput';
import { TextAreaField, TextField } from '../../../components/ui/TextField';
import { toast } from '../../../lib/toast';
import { useReplaceCover, useUpdateTrack } from '../queries';
import { CategorySelect } from './CategorySelect';
import { type ChapterDraft, ChapterEditor, chapterDraft, parseChapters } from './ChapterEditor';
import { CoverPicker } from './CoverPicker';

/** Edit a track: every field the upload form has, the cover, visibility and downloads. */
export function EditTrackDialog({ track, open, onClose }: { track: TTrack; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Edit audio" className="w-[min(44rem,calc(100vw-2rem))]">
      <EditTrackForm track={track} onDone={onClose} />
    </Dialog>
  );
}

function EditTrackForm({ track, onDone }: { track: TTrack; onDone: () => void }) {
  const update = useUpdateTrack(track.id);
  const replaceCover = useReplaceCover(track.id);
  const [title, setTitle] = useState(track.title);
  const [description, setDescription] = useState(track.description ?? '');
  const [category, setCategory] = useState(track.category === 'Uncategorized' ? '' : track.category);
  const [tags, setTags] = useState(track.tags);
  const [isPublic, setIsPublic] = useState(track.isPublic);
  const [allowDownloads, setAllowDownloads] = useState(track.allowDownloads);
  const [chapters, setChapters] = useState<ChapterDraft[]>(() => track.chapterMarkers.map(chapterDraft));
  const [cover, setCover] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saving = update.isPending || replaceCover.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setError(MESSAGES.titleRequired);
    const parsed = parseChapters(chapters, track.duration);
    if (!parsed.ok) return setError(parsed.error);
    const chapterMarkers = parsed.chapters;
    setError(null);
    try {
      if (cover) await replaceCover.mutateAsync(cover);
      await update.mutateAsync({
        title: title.trim(),
        description: description.trim() || null,
        category: category || 'Uncategorized',
        tags,
        isPublic,
        allowDownloads,
        chapterMarkers,
      });
      toast.success('Audio updated');
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not save the changes');
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <CoverPicker
          file={cover}
          currentUrl={track.coverUrl}
          disabled={saving}
          onPick={(f) => {
            if (f && !f.type.startsWith('image/')) return void toast.error(MESSAGES.invalidImageFile);
            setCover(f);
          }}
        />
        <div className="space-y-4">
          <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
          <CategorySelect value={category} onChange={setCategory} />
        </div>
      </div>
      <TextAreaField
        label="Description"
        rows={4}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        maxLength={5000}
      />
      <TagInput tags={tags} onChange={setTags} />
      <ChapterEditor chapters={chapters} duration={track.duration} onChange={setChapters} />
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={isPublic}
            onChange={(e) => setIsPublic(e.target.checked)}
            className="size-4 accent-primary"
          />
          Public
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={allowDownloads}
            onChange={(e) => setAllowDownloads(e.target.checked)}
            className="size-4 accent-primary"
          />
          Allow downloads
        </label>
      </div>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

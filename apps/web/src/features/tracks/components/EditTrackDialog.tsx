import { MESSAGES, type TTrack } from '@wavecast/shared';
import { type FormEvent, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../lib/toast';
import { useReplaceCover, useUpdateTrack } from '../queries';
import { chapterDraft } from './ChapterEditor';
import { CoverPicker } from './CoverPicker';
import {
  TrackMetadataFields,
  type TrackMetadataOutput,
  type TrackMetadataValues,
  trackMetadataResolver,
} from './TrackMetadataFields';

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
  // The same fields and rules as the upload form (TrackMetadataFields), prefilled from the track.
  const form = useForm<TrackMetadataValues, unknown, TrackMetadataOutput>({
    resolver: trackMetadataResolver(() => track.duration),
    defaultValues: {
      title: track.title,
      description: track.description ?? '',
      category: track.category === 'Uncategorized' ? '' : track.category,
      tags: track.tags,
      isPublic: track.isPublic,
      allowDownloads: track.allowDownloads,
      chapters: track.chapterMarkers.map(chapterDraft),
    },
    reValidateMode: 'onSubmit',
  });
  const [cover, setCover] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saving = update.isPending || replaceCover.isPending;

  const save = async (data: TrackMetadataOutput) => {
    setError(null);
    try {
      if (cover) await replaceCover.mutateAsync(cover);
      await update.mutateAsync({
        title: data.title,
        description: data.description,
        category: data.category || 'Uncategorized',
        tags: data.tags,
        isPublic: data.isPublic,
        allowDownloads: data.allowDownloads,
        chapterMarkers: data.chapters,
      });
      toast.success('Audio updated');
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not save the changes');
    }
  };
  const submit = (e: FormEvent) => {
    setError(null);
    return form.handleSubmit(save)(e);
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="w-40">
          <CoverPicker
            file={cover}
            currentUrl={track.coverUrl}
            disabled={saving}
            onPick={(f) => {
              if (f && !f.type.startsWith('image/')) return void toast.error(MESSAGES.invalidImageFile);
              setCover(f);
            }}
          />
        </div>
        <TrackMetadataFields duration={track.duration} publicLabel="Public" />
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
    </FormProvider>
  );
}

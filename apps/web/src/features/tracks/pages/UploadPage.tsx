import { useQueryClient } from '@tanstack/react-query';
import { ALBUM_MESSAGES, audioTooLargeMessage, MESSAGES, titleFromFileName, UPLOAD_PROGRESS } from '@wavecast/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { createAlbum } from '../../albums/queries';
import { useSession } from '../../auth/session';
import { UploadPremiere } from '../../rooms/components/UploadPremiere';
import { type AlbumDraft, AlbumFields } from '../components/AlbumFields';
import { AudioPicker } from '../components/AudioPicker';
import { type BatchRow, BatchUploadRows } from '../components/BatchUploadRows';
import { CoverPicker } from '../components/CoverPicker';
import { ProgressBar } from '../components/ProgressBar';
import {
  TrackMetadataFields,
  type TrackMetadataOutput,
  type TrackMetadataValues,
  trackMetadataResolver,
} from '../components/TrackMetadataFields';
import { useAudioFileDuration } from '../hooks/useAudioFileDuration';
import { type RunningUpload, startUpload } from '../lib/upload';
import { uploadLimitsQuery, useUploadLimits } from '../queries';

type Errors = { audio?: string; form?: string; detail?: string };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * /creator/upload: the spec's upload form with real, weighted progress and a working Cancel. Several
 * files picked or dropped at once are uploaded one after another, each its own track titled from
 * its file name (editable), sharing the other fields and the cover; optionally released as an album.
 */
export default function UploadPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [audio, setAudio] = useState<File | null>(null);
  const [rows, setRows] = useState<BatchRow[]>([]);
  const [album, setAlbum] = useState<AlbumDraft>({ on: false, title: '', kind: 'album', releaseDate: today() });
  const batch = rows.length > 0;
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const running = useRef<RunningUpload | null>(null);
  const uploading = progress !== null;
  const limits = useUploadLimits();
  /** The premiere's local time when one is asked for (single uploads). */
  const [premiereAt, setPremiereAt] = useState<string | null>(null);
  const duration = useAudioFileDuration(audio);
  const durationNow = useRef(duration);
  durationNow.current = duration;
  // The metadata: validated by the shared contract's rules and messages (errors checked again on submit).
  const form = useForm<TrackMetadataValues, unknown, TrackMetadataOutput>({
    resolver: trackMetadataResolver(() => durationNow.current),
    defaultValues: {
      title: '',
      description: '',
      category: '',
      tags: [],
      isPublic: true,
      allowDownloads: true,
      chapters: [],
    },
    reValidateMode: 'onSubmit',
  });

  /** The server's limit, asked for again if the first answer has not come yet (null: let the server judge). */
  const maxUploadBytes = async () =>
    limits.data?.maxUploadBytes ??
    (await qc.fetchQuery(uploadLimitsQuery).then(
      (l) => l.maxUploadBytes,
      () => null,
    ));

  // Leaving the page aborts an upload still in flight (the server then discards it).
  useEffect(() => () => running.current?.abort(), []);

  const pickFiles = async (files: File[]) => {
    if (files.length <= 1) {
      setRows([]);
      const file = files[0] ?? null;
      if (file && !form.getValues('title').trim()) form.setValue('title', titleFromFileName(file.name));
      return pickAudio(file);
    }
    // Each file on its own row, checked on its own (type, the plan's size limit).
    const max = await maxUploadBytes();
    setAudio(null);
    setErrors({});
    setRows(
      files.map((file, i) => ({
        key: `${i}-${file.name}-${file.size}`,
        file,
        title: titleFromFileName(file.name),
        progress: null,
        invalidFile: !file.type.startsWith('audio/') || (max !== null && file.size > max),
        error: !file.type.startsWith('audio/')
          ? MESSAGES.invalidAudioFile
          : max !== null && file.size > max
            ? audioTooLargeMessage(max)
            : undefined,
      })),
    );
  };

  const pickAudio = async (file: File | null) => {
    if (file && !file.type.startsWith('audio/')) {
      setAudio(null);
      setErrors((e) => ({ ...e, audio: MESSAGES.invalidAudioFile }));
      return;
    }
    const max = file ? await maxUploadBytes() : null;
    if (file && max !== null && file.size > max) {
      setAudio(null);
      setErrors((e) => ({ ...e, audio: audioTooLargeMessage(max) }));
      return;
    }
    setAudio(file);
    setErrors((e) => ({ ...e, audio: undefined }));
  };

  const pickCover = (file: File | null) => {
    if (file && !file.type.startsWith('image/')) {
      toast.error(MESSAGES.invalidImageFile);
      return;
    }
    setCover(file);
  };

  /** The file is checked beside the fields, so all their messages show at once. */
  const checkAudio = async (): Promise<File | null> => {
    let problem: string | undefined;
    if (!audio) problem = MESSAGES.audioFileRequired;
    const max = audio ? await maxUploadBytes() : null;
    if (audio && max !== null && audio.size > max) problem = audioTooLargeMessage(max);
    setErrors({ audio: problem });
    return problem ? null : audio;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (uploading) return;
    setCancelled(false);
    if (!user) return setErrors({ form: MESSAGES.mustBeLoggedInToUpload });
    if (batch) {
      // The title field is per row here: the shared one only has to pass.
      form.setValue('title', 'batch');
      form.setValue('chapters', []);
      void form.handleSubmit(sendBatch)(e);
      return;
    }
    void form.handleSubmit(send, () => void checkAudio())(e);
  };

  const send = async (data: TrackMetadataOutput) => {
    const file = await checkAudio();
    if (!file) return;
    setProgress(0);
    const upload = startUpload(
      {
        fields: {
          title: data.title,
          description: data.description ?? undefined,
          category: data.category || undefined,
          tags: data.tags,
          isPublic: data.isPublic,
          allowDownloads: data.allowDownloads,
          chapterMarkers: data.chapters,
          premiereAt: premiereAt ? new Date(premiereAt).toISOString() : undefined,
        },
        audio: file,
        cover,
      },
      (p) => setProgress((prev) => Math.max(prev ?? 0, p)),
    );
    running.current = upload;
    try {
      await upload.done;
      setProgress(UPLOAD_PROGRESS.done);
      void qc.invalidateQueries({ queryKey: ['tracks'] });
      void qc.invalidateQueries({ queryKey: ['creator'] });
      toast.success(MESSAGES.uploadSucceeded);
      // Let the bar show 100 for a moment before leaving.
      setTimeout(() => navigate('/creator/dashboard'), 400);
    } catch (err) {
      setProgress(null);
      if (err instanceof DOMException && err.name === 'AbortError') {
        setCancelled(true);
        return;
      }
      setErrors({ form: MESSAGES.uploadFailed, detail: err instanceof ApiError ? err.message : undefined });
      toast.error(MESSAGES.uploadFailedToast);
    } finally {
      running.current = null;
    }
  };

  const patchRow = (key: string, patch: Partial<BatchRow>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const sendBatch = async (data: TrackMetadataOutput) => {
    const checked = rows.map((r) =>
      r.trackId || r.invalidFile ? r : { ...r, error: r.title.trim() ? undefined : MESSAGES.titleRequired },
    );
    setRows(checked);
    const todo = checked.filter((r) => !r.error && !r.trackId);
    if (album.on && !album.title.trim()) return setAlbum((a) => ({ ...a, error: ALBUM_MESSAGES.titleRequired }));
    if (todo.length === 0 && !checked.some((r) => r.trackId)) return;
    setProgress(0);
    let failed = 0;
    for (const row of todo) {
      patchRow(row.key, { progress: 0 });
      const upload = startUpload(
        {
          fields: {
            title: row.title.trim(),
            description: data.description ?? undefined,
            category: data.category || undefined,
            tags: data.tags,
            isPublic: data.isPublic,
            allowDownloads: data.allowDownloads,
            chapterMarkers: [],
          },
          audio: row.file,
          cover,
        },
        (p) => patchRow(row.key, { progress: p }),
      );
      running.current = upload;
      try {
        const track = await upload.done;
        patchRow(row.key, { trackId: track.id, progress: UPLOAD_PROGRESS.done });
        row.trackId = track.id;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') {
          patchRow(row.key, { progress: null });
          setProgress(null);
          setCancelled(true);
          running.current = null;
          return;
        }
        failed++;
        patchRow(row.key, { progress: null, error: err instanceof ApiError ? err.message : MESSAGES.uploadFailed });
      }
    }
    running.current = null;
    setProgress(null);
    void qc.invalidateQueries({ queryKey: ['tracks'] });
    void qc.invalidateQueries({ queryKey: ['creator'] });
    if (failed > 0) {
      setErrors({ form: MESSAGES.uploadFailed });
      toast.error(MESSAGES.uploadFailedToast);
      return;
    }
    toast.success(MESSAGES.uploadSucceeded);
    const trackIds = checked.flatMap((r) => (r.trackId ? [r.trackId] : []));
    if (album.on && trackIds.length > 0) {
      try {
        const made = await createAlbum(
          { title: album.title.trim(), kind: album.kind, releaseDate: album.releaseDate || today(), trackIds },
          cover,
        );
        void qc.invalidateQueries({ queryKey: ['albums'] });
        navigate(`/album/${made.id}`);
      } catch (err) {
        setAlbum((a) => ({ ...a, error: err instanceof ApiError ? err.message : 'Could not create the album' }));
      }
      return;
    }
    navigate('/creator/dashboard');
  };

  const cancel = () => {
    if (running.current) running.current.abort();
    else navigate('/creator/dashboard');
  };

  return (
    <section className="mx-auto max-w-3xl">
      <PageHeading title="Upload Audio" subtitle="Share your music, podcasts and stories with listeners." />
      <FormProvider {...form}>
        <form
          onSubmit={submit}
          noValidate
          className="space-y-6 rounded-card border border-border bg-surface p-4 sm:p-6"
        >
          <div className="grid gap-6 md:grid-cols-[1fr_14rem]">
            <AudioPicker
              files={batch ? rows.map((r) => r.file) : audio ? [audio] : []}
              error={errors.audio ?? null}
              disabled={uploading}
              onPick={(files) => void pickFiles(files)}
            />
            <CoverPicker file={cover} disabled={uploading} onPick={pickCover} />
          </div>
          {batch && (
            <BatchUploadRows
              rows={rows}
              disabled={uploading}
              onTitle={(key, title) => patchRow(key, { title, error: undefined })}
            />
          )}
          <TrackMetadataFields
            duration={duration}
            disabled={uploading}
            batch={batch}
            publicLabel="Make this audio public"
          />
          {batch && <AlbumFields album={album} disabled={uploading} onChange={setAlbum} />}
          {!batch && <UploadPremiere value={premiereAt} onChange={setPremiereAt} disabled={uploading} />}

          {uploading && !batch && (
            <ProgressBar
              value={progress ?? 0}
              label={(progress ?? 0) >= UPLOAD_PROGRESS.saving ? 'Saving...' : 'Uploading...'}
            />
          )}
          {cancelled && <p className="text-sm text-muted">Upload cancelled. Nothing was saved.</p>}
          {errors.form && (
            <div role="alert" className="rounded-lg border border-error/40 bg-error/10 p-3 text-sm">
              <p className="font-medium text-error">{errors.form}</p>
              {errors.detail && <p className="mt-1 text-muted">{errors.detail}</p>}
            </div>
          )}

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={cancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={uploading}>
              {uploading ? 'Uploading...' : 'Upload Audio'}
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}

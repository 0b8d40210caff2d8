import { useQueryClient } from '@tanstack/react-query';
import { audioTooLargeMessage, MESSAGES, UPLOAD_PROGRESS } from '@wavecast/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { TagInput } from '../../../components/ui/TagInput';
import { TextAreaField, TextField } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { AudioPicker } from '../components/AudioPicker';
import { CategorySelect } from '../components/CategorySelect';
import { type ChapterDraft, ChapterEditor, parseChapters } from '../components/ChapterEditor';
import { CoverPicker } from '../components/CoverPicker';
import { ProgressBar } from '../components/ProgressBar';
import { useAudioFileDuration } from '../hooks/useAudioFileDuration';
import { type RunningUpload, startUpload } from '../lib/upload';
import { uploadLimitsQuery, useUploadLimits } from '../queries';

type Errors = { audio?: string; title?: string; chapters?: string; form?: string; detail?: string };

/** /creator/upload: the spec's upload form with real, weighted progress and a working Cancel. */
export default function UploadPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [audio, setAudio] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [isPublic, setIsPublic] = useState(true);
  const [allowDownloads, setAllowDownloads] = useState(true);
  const [chapters, setChapters] = useState<ChapterDraft[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const running = useRef<RunningUpload | null>(null);
  const uploading = progress !== null;
  const limits = useUploadLimits();
  const duration = useAudioFileDuration(audio);

  /** The server's limit, asked for again if the first answer has not come yet (null: let the server judge). */
  const maxUploadBytes = async () =>
    limits.data?.maxUploadBytes ??
    (await qc.fetchQuery(uploadLimitsQuery).then(
      (l) => l.maxUploadBytes,
      () => null,
    ));

  // Leaving the page aborts an upload still in flight (the server then discards it).
  useEffect(() => () => running.current?.abort(), []);

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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (uploading) return;
    setCancelled(false);
    if (!user) return setErrors({ form: MESSAGES.mustBeLoggedInToUpload });
    const next: Errors = {};
    if (!audio) next.audio = MESSAGES.audioFileRequired;
    if (!title.trim()) next.title = MESSAGES.titleRequired;
    const max = audio ? await maxUploadBytes() : null;
    if (audio && max !== null && audio.size > max) next.audio = audioTooLargeMessage(max);
    const parsed = parseChapters(chapters, duration);
    if (!parsed.ok) next.chapters = parsed.error;
    setErrors(next);
    if (Object.keys(next).length > 0 || !audio || !parsed.ok) return;
    const chapterMarkers = parsed.chapters;

    setProgress(0);
    const upload = startUpload(
      {
        fields: {
          title: title.trim(),
          description: description.trim(),
          category: category || undefined,
          tags,
          isPublic,
          allowDownloads,
          chapterMarkers,
        },
        audio,
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

  const cancel = () => {
    if (running.current) running.current.abort();
    else navigate('/creator/dashboard');
  };

  return (
    <section className="mx-auto max-w-3xl">
      <PageHeading title="Upload Audio" subtitle="Share your music, podcasts and stories with listeners." />
      <form onSubmit={submit} noValidate className="space-y-6 rounded-card border border-border bg-surface p-4 sm:p-6">
        <div className="grid gap-6 md:grid-cols-[1fr_14rem]">
          <AudioPicker file={audio} error={errors.audio ?? null} disabled={uploading} onPick={pickAudio} />
          <CoverPicker file={cover} disabled={uploading} onPick={pickCover} />
        </div>
        <TextField
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title}
          disabled={uploading}
          placeholder="Give your audio a title"
          maxLength={200}
        />
        <TextAreaField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          disabled={uploading}
          rows={4}
          placeholder="Tell listeners what it is about"
          maxLength={5000}
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <CategorySelect value={category} onChange={setCategory} />
          <TagInput tags={tags} onChange={setTags} />
        </div>
        <div className="flex flex-wrap gap-6">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={isPublic}
              onChange={(e) => setIsPublic(e.target.checked)}
              className="size-4 accent-primary"
            />
            Make this audio public
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
        <div>
          <ChapterEditor chapters={chapters} duration={duration} onChange={setChapters} />
          {errors.chapters && (
            <p className="mt-1 text-sm text-error" role="alert">
              {errors.chapters}
            </p>
          )}
        </div>

        {uploading && (
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
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { ZTrackUploadFields } from '@wavecast/shared';
import type { Resolver } from 'react-hook-form';
import { Controller, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { TagInput } from '../../../components/ui/TagInput';
import { TextAreaField, TextField } from '../../../components/ui/TextField';
import { CategorySelect } from './CategorySelect';
import { type ChapterDraft, ChapterEditor, parseChapters } from './ChapterEditor';

/** What the upload form and the edit dialog hold for a track's metadata (files stay outside). */
export interface TrackMetadataValues {
  title: string;
  description: string;
  /** '' for none. */
  category: string;
  tags: string[];
  isPublic: boolean;
  allowDownloads: boolean;
  chapters: ChapterDraft[];
}

const fields = ZTrackUploadFields.shape;

/**
 * The shared contract's rules and messages (title, description, tags), plus the chapters typed as
 * m:ss against the track's duration when known (the same shared rule the server applies).
 */
const trackMetadataSchema = (duration: number | null | undefined) =>
  z.object({
    title: fields.title,
    description: fields.description.unwrap(),
    category: z.string(),
    tags: fields.tags.unwrap(),
    isPublic: z.boolean(),
    allowDownloads: z.boolean(),
    chapters: z.custom<ChapterDraft[]>().transform((drafts, ctx) => {
      const parsed = parseChapters(drafts, duration);
      if (parsed.ok) return parsed.chapters;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  });

export type TrackMetadataOutput = z.output<ReturnType<typeof trackMetadataSchema>>;

/** A resolver that reads the duration when the form is validated (the upload learns it from the file). */
export function trackMetadataResolver(
  duration: () => number | null | undefined,
): Resolver<TrackMetadataValues, unknown, TrackMetadataOutput> {
  return (values, context, options) => zodResolver(trackMetadataSchema(duration()))(values, context, options);
}

/**
 * Title, description, category, tags, visibility, downloads and chapters: one set of fields for
 * the upload form and the edit dialog (inside their `FormProvider`).
 */
export function TrackMetadataFields({
  duration,
  disabled = false,
  publicLabel,
  batch = false,
}: {
  duration: number | null | undefined;
  /** While an upload is in flight: its text fields are locked. */
  disabled?: boolean;
  publicLabel: string;
  /** Several files at once: each has its own title (beside its file), and no chapters. */
  batch?: boolean;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<TrackMetadataValues>();
  return (
    <>
      {!batch && (
        <TextField
          label="Title"
          {...register('title')}
          error={errors.title?.message}
          disabled={disabled}
          placeholder="Give your audio a title"
          maxLength={200}
        />
      )}
      <TextAreaField
        label="Description"
        {...register('description')}
        error={errors.description?.message}
        disabled={disabled}
        rows={4}
        placeholder="Tell listeners what it is about"
        maxLength={5000}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <Controller
          control={control}
          name="category"
          render={({ field }) => <CategorySelect value={field.value} onChange={field.onChange} />}
        />
        <Controller
          control={control}
          name="tags"
          render={({ field }) => <TagInput tags={field.value} onChange={field.onChange} />}
        />
      </div>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register('isPublic')} className="size-4 accent-primary" />
          {publicLabel}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register('allowDownloads')} className="size-4 accent-primary" />
          Allow downloads
        </label>
      </div>
      <div hidden={batch}>
        <Controller
          control={control}
          name="chapters"
          render={({ field }) => <ChapterEditor chapters={field.value} duration={duration} onChange={field.onChange} />}
        />
        {errors.chapters?.message && (
          <p className="mt-1 text-sm text-error" role="alert">
            {errors.chapters.message}
          </p>
        )}
      </div>
    </>
  );
}

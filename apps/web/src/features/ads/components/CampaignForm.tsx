import { zodResolver } from '@hookform/resolvers/zod';
import {
  AD_CONTENT_TYPES,
  AD_CPM_RANGES,
  AD_FORMATS,
  type TCampaign,
  type TCampaignInput,
  UPLOAD_CATEGORIES,
  ZCampaignInput,
} from '@wavecast/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { TextAreaField, TextField } from '../../../components/ui/TextField';

type Output = z.output<typeof ZCampaignInput>;

/** What the form holds: amounts in dollars and local date-times as typed; the contract's names. */
type Values = Omit<TCampaignInput, 'cpmMicros' | 'totalBudgetMicros' | 'dailyBudgetMicros' | 'startsAt' | 'endsAt'> & {
  cpmMicros: string;
  totalBudgetMicros: string;
  dailyBudgetMicros: string;
  startsAt: string;
  endsAt: string;
};

const toMicros = (v: string) => (v.trim() === '' ? Number.NaN : Math.round(Number(v) * 1_000_000));
const dollars = (micros: number) => String(micros / 1_000_000);
const toIso = (v: string) => (v ? new Date(v).toISOString() : '');
const localInput = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** The typed values as the shared contract reads them (it validates them, names unchanged). */
const toContract = (v: Values): TCampaignInput => ({
  ...v,
  categories: Array.isArray(v.categories) ? v.categories : [],
  contentTypes: Array.isArray(v.contentTypes) ? v.contentTypes : [],
  cpmMicros: toMicros(v.cpmMicros),
  totalBudgetMicros: toMicros(v.totalBudgetMicros),
  dailyBudgetMicros: toMicros(v.dailyBudgetMicros),
  startsAt: toIso(v.startsAt),
  endsAt: v.endsAt ? toIso(v.endsAt) : null,
  sponsoredText: v.format === 'sponsored' ? v.sponsoredText || '' : null,
});

const FORMAT_LABEL = { audio: 'Audio ad', display: 'Display ad', sponsored: 'Sponsored content' } as const;

/** Create or edit a campaign: react-hook-form with the shared contract (amounts typed in dollars). */
export function CampaignForm({
  campaign,
  busy,
  onSubmit,
  onCancel,
}: {
  campaign?: TCampaign;
  busy: boolean;
  onSubmit: (input: TCampaignInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<Values, unknown, Output>({
    resolver: (values, context, options) =>
      zodResolver(ZCampaignInput)(toContract(values), context, options as never) as never,
    defaultValues: {
      name: campaign?.name ?? '',
      format: campaign?.format ?? 'audio',
      clickUrl: campaign?.clickUrl ?? 'https://',
      categories: (campaign?.categories ?? []) as TCampaignInput['categories'],
      contentTypes: campaign?.contentTypes ?? ['on-demand', 'live'],
      startsAt: localInput(campaign?.startsAt ?? new Date().toISOString()),
      endsAt: localInput(campaign?.endsAt),
      totalBudgetMicros: dollars(campaign?.totalBudgetMicros ?? 100_000_000),
      dailyBudgetMicros: dollars(campaign?.dailyBudgetMicros ?? 10_000_000),
      cpmMicros: dollars(campaign?.cpmMicros ?? 5_000_000),
      sponsoredText: campaign?.sponsoredText ?? '',
    },
  });
  const { register, handleSubmit, watch, formState } = form;
  const errors = formState.errors;
  const format = watch('format');
  const range = AD_CPM_RANGES[format ?? 'audio'];
  const label = (m: number) => `$${dollars(m)}`;

  return (
    <form
      aria-label={campaign ? 'Edit campaign' : 'Create campaign'}
      className="grid gap-4 rounded-card border border-border bg-surface p-5 sm:grid-cols-2"
      onSubmit={handleSubmit((v) => onSubmit(v))}
      noValidate
    >
      <TextField label="Campaign name" {...register('name')} error={errors.name?.message} />
      <div>
        <label htmlFor="campaign-format" className="mb-1 block text-sm font-medium">
          Format
        </label>
        <select
          id="campaign-format"
          disabled={!!campaign}
          className="h-10 w-full rounded-lg border border-border bg-bg px-3 text-sm"
          {...register('format')}
        >
          {AD_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABEL[f]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Click-through URL"
        className="sm:col-span-2"
        inputMode="url"
        {...register('clickUrl')}
        error={errors.clickUrl?.message}
      />
      <TextField
        label={`CPM bid (USD, ${label(range.min)}–${label(range.max)})`}
        type="number"
        step="0.01"
        {...register('cpmMicros')}
        error={errors.cpmMicros?.message}
      />
      <TextField
        label="Total budget (USD)"
        type="number"
        step="0.01"
        {...register('totalBudgetMicros')}
        error={errors.totalBudgetMicros?.message}
      />
      <TextField
        label="Daily budget (USD)"
        type="number"
        step="0.01"
        {...register('dailyBudgetMicros')}
        error={errors.dailyBudgetMicros?.message}
      />
      <TextField label="Starts" type="datetime-local" {...register('startsAt')} error={errors.startsAt?.message} />
      <TextField label="Ends (optional)" type="datetime-local" {...register('endsAt')} error={errors.endsAt?.message} />
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-medium">Categories (none: all)</legend>
        <div className="flex flex-wrap gap-3 text-sm">
          {UPLOAD_CATEGORIES.map((c) => (
            <label key={c} className="flex items-center gap-1">
              <input type="checkbox" value={c} {...register('categories')} /> {c}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Content</legend>
        <div className="flex gap-3 text-sm">
          {AD_CONTENT_TYPES.map((c) => (
            <label key={c} className="flex items-center gap-1">
              <input type="checkbox" value={c} {...register('contentTypes')} /> {c === 'live' ? 'Live' : 'On demand'}
            </label>
          ))}
        </div>
        {errors.contentTypes && <p className="mt-1 text-sm text-error">Choose at least one</p>}
      </fieldset>
      {format === 'sponsored' && (
        <TextAreaField
          label="Sponsored text"
          className="sm:col-span-2"
          maxLength={280}
          {...register('sponsoredText')}
          error={errors.sponsoredText?.message}
        />
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {campaign ? 'Save Campaign' : 'Create Campaign'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

import { LOADING_LABELS, PODCAST_CATEGORIES, type TShowSettings, type TShowSettingsInput } from '@wavecast/shared';
import { Rss } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { TextAreaField, TextField } from '../../../components/ui/TextField';
import { Toggle } from '../../../components/ui/Toggle';
import { toast } from '../../../lib/toast';
import { SettingsCard } from '../../settings/components/SettingsCard';
import { useSaveShowSettings, useShowSettings } from '../queries';

/** Settings → Profile (creators): the podcast feed's show details and the feed's address. */
export function ShowSettingsCard() {
  const show = useShowSettings();
  return (
    <SettingsCard
      title="Podcast feed"
      description="Your public audio as a podcast: podcast apps subscribe to this feed."
    >
      {show.data ? (
        <ShowForm initial={show.data} />
      ) : (
        <p className="text-sm text-muted">{show.isError ? 'Could not load your feed settings.' : 'Loading...'}</p>
      )}
    </SettingsCard>
  );
}

function ShowForm({ initial }: { initial: TShowSettings }) {
  const [form, setForm] = useState<TShowSettingsInput>({
    title: initial.title,
    description: initial.description,
    category: initial.category,
    language: initial.language,
    explicit: initial.explicit,
    ownerEmail: initial.ownerEmail,
  });
  const [error, setError] = useState<string | null>(null);
  const save = useSaveShowSettings();
  const categoryId = useId();
  const set = <K extends keyof TShowSettingsInput>(key: K, value: TShowSettingsInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const orNull = (v: string) => (v.trim() === '' ? null : v);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(form, {
      onSuccess: () => toast.success('Podcast feed settings saved'),
      onError: (err) => setError(err.message),
    });
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Podcast feed">
      <div className="flex items-center gap-2 rounded-lg border border-border bg-bg px-3 py-2 text-sm">
        <Rss className="h-4 w-4 shrink-0 text-primary" aria-hidden />
        <a href={initial.feedUrl} className="truncate text-primary hover:underline" data-testid="feed-url">
          {initial.feedUrl}
        </a>
      </div>
      <TextField
        label="Show title"
        placeholder="Your display name"
        maxLength={200}
        value={form.title ?? ''}
        onChange={(e) => set('title', orNull(e.target.value))}
      />
      <TextAreaField
        label="Show description"
        rows={3}
        maxLength={4000}
        placeholder="Your bio"
        value={form.description ?? ''}
        onChange={(e) => set('description', orNull(e.target.value))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={categoryId} className="mb-1 block text-sm font-medium">
            Category
          </label>
          <Select
            id={categoryId}
            className="w-full"
            value={form.category}
            onChange={(e) => set('category', e.target.value as TShowSettingsInput['category'])}
          >
            {PODCAST_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </div>
        <TextField
          label="Language"
          placeholder="en"
          maxLength={35}
          value={form.language}
          onChange={(e) => set('language', e.target.value)}
        />
      </div>
      <TextField
        label="Owner e-mail"
        type="email"
        placeholder="Shown to podcast directories"
        maxLength={254}
        value={form.ownerEmail ?? ''}
        onChange={(e) => set('ownerEmail', orNull(e.target.value))}
      />
      <Toggle
        name="explicit"
        label="Explicit"
        description="The show contains explicit content"
        checked={form.explicit}
        onChange={(v) => set('explicit', v)}
      />
      {error && (
        <p className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? LOADING_LABELS.saving : 'Save feed settings'}
      </Button>
    </form>
  );
}

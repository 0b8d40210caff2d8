import { RADIO_CATEGORIES, type TRadioChannelInput, ZRadioChannelInput } from '@wavecast/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { TextAreaField, TextField } from '../../../components/ui/TextField';

/** Name, category and description of a channel, checked with the shared contract before sending. */
export function ChannelForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
}: {
  initial?: Partial<TRadioChannelInput>;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: TRadioChannelInput) => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [category, setCategory] = useState<string>(initial?.category ?? RADIO_CATEGORIES[0]);
  const [description, setDescription] = useState(initial?.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = ZRadioChannelInput.safeParse({ name, category, description: description || null });
        if (!parsed.success) {
          setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
          return;
        }
        setErrors({});
        onSubmit(parsed.data);
      }}
    >
      <TextField label="Channel name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
      <div>
        <label htmlFor="radio-category" className="mb-1 block text-sm font-medium">
          Category
        </label>
        <Select id="radio-category" className="w-full" value={category} onChange={(e) => setCategory(e.target.value)}>
          {RADIO_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </Select>
      </div>
      <TextAreaField
        label="Description"
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
      />
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}

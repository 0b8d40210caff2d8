import { LIVE_MAX_TAGS, LIVE_TAG_MAX_LENGTH, normalizeLiveTags } from '@wavecast/shared';
import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';

/** Tags as the spec wants them: Enter adds, trimmed, no duplicates, empty ignored, at most 5. */
export function TagInput({
  tags,
  onChange,
  disabled,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const full = tags.length >= LIVE_MAX_TAGS;
  const add = () => {
    const next = normalizeLiveTags([...tags, draft]).slice(0, LIVE_MAX_TAGS);
    onChange(next);
    setDraft('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Tags{' '}
        <span className="font-normal text-muted">
          ({tags.length}/{LIVE_MAX_TAGS})
        </span>
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKey}
          disabled={disabled || full}
          maxLength={LIVE_TAG_MAX_LENGTH}
          placeholder={full ? 'Maximum of 5 tags' : 'Add a tag and press Enter'}
          className="w-full rounded-lg border border-border bg-bg px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-primary focus:outline-none disabled:opacity-60"
        />
        <Button variant="secondary" onClick={add} disabled={disabled || full || !draft.trim()}>
          Add
        </Button>
      </div>
      {tags.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Added tags">
          {tags.map((t) => (
            <li key={t} className="flex items-center gap-1 rounded-full bg-surface-2 py-1 pr-1 pl-3 text-sm">
              {t}
              <button
                type="button"
                onClick={() => onChange(tags.filter((x) => x !== t))}
                disabled={disabled}
                aria-label={`Remove tag ${t}`}
                className="grid size-5 place-items-center rounded-full text-muted hover:bg-border hover:text-fg"
              >
                <X className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

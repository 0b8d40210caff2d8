import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from './Button';

/** Adds a trimmed tag without duplicates (empty ignored). */
export function addTag(tags: string[], text: string): string[] {
  const tag = text.trim();
  if (!tag || tags.includes(tag)) return tags;
  return [...tags, tag];
}

/**
 * Tags as the spec wants them: Enter or Add adds one, trimmed, no duplicates, empty ignored.
 * `max` caps the count (shown beside the label, the box closes when full), `maxLength` a tag's
 * length, `normalize` replaces the default rule (the live page's lower-cased tags).
 */
export function TagInput({
  tags,
  onChange,
  disabled,
  max,
  maxLength,
  normalize = addTag,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
  max?: number;
  maxLength?: number;
  normalize?: (tags: string[], text: string) => string[];
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const full = max !== undefined && tags.length >= max;
  const add = () => {
    const next = normalize(tags, draft);
    onChange(max === undefined ? next : next.slice(0, max));
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Tags
        {max !== undefined && (
          <span className="font-normal text-muted">
            {' '}
            ({tags.length}/{max})
          </span>
        )}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={disabled || full}
          maxLength={maxLength}
          placeholder={full ? `Maximum of ${max} tags` : 'Add a tag and press Enter'}
          className="w-full rounded-lg border border-border bg-bg px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-primary focus:outline-none disabled:opacity-60"
        />
        <Button variant="secondary" onClick={add} disabled={disabled || full || !draft.trim()}>
          Add
        </Button>
      </div>
      {tags.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Selected tags">
          {tags.map((t) => (
            <li key={t} className="flex items-center gap-1 rounded-full bg-surface-2 py-1 pr-1 pl-3 text-sm">
              <span>{t}</span>
              <button
                type="button"
                onClick={() => onChange(tags.filter((x) => x !== t))}
                disabled={disabled}
                aria-label={`Remove tag ${t}`}
                className="grid size-5 place-items-center rounded-full text-muted hover:bg-border hover:text-fg"
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';

/** Adds a trimmed tag without duplicates (empty ignored); Enter or the Add button adds it. */
export function addTag(tags: string[], text: string): string[] {
  const tag = text.trim();
  if (!tag || tags.includes(tag)) return tags;
  return [...tags, tag];
}

export function TagInput({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const [text, setText] = useState('');
  const id = useId();
  const add = () => {
    onChange(addTag(tags, text));
    setText('');
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
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Add a tag and press Enter"
          className="w-full rounded-lg border border-border bg-bg px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-primary focus:outline-none"
        />
        <button
          type="button"
          onClick={add}
          className="shrink-0 rounded-lg border border-border px-3 text-sm font-medium hover:bg-surface-2"
        >
          Add
        </button>
      </div>
      {tags.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Selected tags">
          {tags.map((t) => (
            <li key={t} className="flex items-center gap-1 rounded-full bg-surface-2 py-1 pr-1 pl-3 text-sm">
              <span>{t}</span>
              <button
                type="button"
                onClick={() => onChange(tags.filter((x) => x !== t))}
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

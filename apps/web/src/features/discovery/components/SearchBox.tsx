import { MESSAGES } from '@wavecast/shared';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/Button';

/** A search form; the Search button stays disabled until there is something to search for. */
export function SearchBox({
  value,
  onSearch,
  allowBlank = false,
  label = 'Search',
}: {
  value: string;
  onSearch: (q: string) => void;
  /** Explore may search for nothing (clears the filter); the search page may not. */
  allowBlank?: boolean;
  label?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const blank = text.trim() === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (blank && !allowBlank) return;
    onSearch(text.trim());
  };
  return (
    <search>
      <form onSubmit={submit} className="flex gap-2">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={MESSAGES.searchPlaceholder}
            aria-label={label}
            maxLength={200}
            className="h-11 w-full rounded-full border border-border bg-surface pr-4 pl-9 placeholder:text-muted focus:border-primary focus:outline-none"
          />
        </div>
        <Button type="submit" disabled={blank && !allowBlank} className="h-11">
          Search
        </Button>
      </form>
    </search>
  );
}

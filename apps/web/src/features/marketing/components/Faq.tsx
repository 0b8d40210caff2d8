import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../../lib/cn';

export interface FaqEntry {
  question: string;
  answer: string;
}

/** One expandable question: the button carries aria-expanded and controls the answer region. */
export function FaqItem({
  entry,
  headingLevel = 3,
  defaultOpen = false,
}: {
  entry: FaqEntry;
  headingLevel?: 3 | 4;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <li className="rounded-xl border border-border bg-surface" data-testid="faq-item">
      <Heading className="text-base font-medium">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-answer`}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left hover:bg-surface-2"
        >
          {entry.question}
          <ChevronDown
            className={cn('size-5 shrink-0 text-muted transition-transform', open && 'rotate-180')}
            aria-hidden
          />
        </button>
      </Heading>
      <div id={`${id}-answer`} hidden={!open} className="px-5 pb-4 text-muted">
        {entry.answer}
      </div>
    </li>
  );
}

export function FaqList({ entries, headingLevel }: { entries: readonly FaqEntry[]; headingLevel?: 3 | 4 }) {
  return (
    <ul className="space-y-3">
      {entries.map((e) => (
        <FaqItem key={e.question} entry={e} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}

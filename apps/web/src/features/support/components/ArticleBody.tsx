import { Lightbulb } from 'lucide-react';
import type { ArticleBlock } from '../content/help';

/** Renders an article's blocks as plain text elements (no HTML from content). */
export function ArticleBody({ blocks }: { blocks: readonly ArticleBlock[] }) {
  return (
    <div className="space-y-4 leading-relaxed">
      {blocks.map((b, i) => {
        const key = `${i}`;
        if (typeof b === 'string') return <p key={key}>{b}</p>;
        if ('steps' in b)
          return (
            <ol key={key} className="list-decimal space-y-2 pl-6 marker:font-semibold marker:text-primary">
              {b.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          );
        if ('list' in b)
          return (
            <ul key={key} className="list-disc space-y-2 pl-6 marker:text-primary">
              {b.list.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          );
        return (
          <aside key={key} className="flex gap-3 rounded-lg border border-primary/30 bg-primary/10 p-4 text-sm">
            <Lightbulb className="size-5 shrink-0 text-primary" aria-hidden />
            <p>
              <strong>Tip: </strong>
              {b.tip}
            </p>
          </aside>
        );
      })}
    </div>
  );
}

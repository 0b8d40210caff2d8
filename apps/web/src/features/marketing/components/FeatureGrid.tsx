import type { LucideIcon } from 'lucide-react';

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Cards of features or benefits, each with an icon, an h3 and a sentence or two. */
export function FeatureGrid({ features, columns = 3 }: { features: readonly Feature[]; columns?: 2 | 3 | 4 }) {
  const cols = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 xl:grid-cols-4' }[columns];
  return (
    <ul className={`grid gap-4 ${cols}`}>
      {features.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-[var(--radius-card)] border border-border bg-surface p-5">
          <span className="grid size-10 place-items-center rounded-lg bg-primary/15 text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <h3 className="mt-4 font-semibold">{title}</h3>
          <p className="mt-1 text-sm text-muted">{text}</p>
        </li>
      ))}
    </ul>
  );
}

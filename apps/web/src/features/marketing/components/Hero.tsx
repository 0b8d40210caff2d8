import type { ReactNode } from 'react';

/** The top of a content page: the page's one h1, a lead paragraph and its main actions. */
export function Hero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="relative overflow-hidden rounded-[var(--radius-card)] border border-border bg-gradient-to-br from-primary/25 via-surface to-surface px-5 py-10 sm:px-10 sm:py-14">
      {eyebrow && <p className="text-sm font-semibold tracking-wider text-primary uppercase">{eyebrow}</p>}
      <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
      <p className="mt-4 max-w-2xl text-base text-muted sm:text-lg">{lead}</p>
      {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
    </header>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A titled block of a page, with an optional "View all" style link. */
export function Section({
  title,
  link,
  linkLabel = 'View all',
  children,
  id,
}: {
  title: ReactNode;
  link?: string;
  linkLabel?: string;
  children: ReactNode;
  id?: string;
}) {
  return (
    <section className="mt-10 first:mt-0" aria-labelledby={id}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={id} className="text-xl font-bold md:text-2xl">
          {title}
        </h2>
        {link && (
          <Link to={link} className="shrink-0 text-sm font-semibold text-muted hover:text-fg">
            {linkLabel}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

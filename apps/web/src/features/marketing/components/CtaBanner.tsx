import type { ReactNode } from 'react';

/** The closing call to action of a content page. */
export function CtaBanner({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-14 rounded-[var(--radius-card)] border border-primary/40 bg-gradient-to-r from-primary/25 to-surface px-5 py-10 text-center sm:px-10"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-muted">{text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}

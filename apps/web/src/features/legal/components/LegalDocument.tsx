import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../support/components/Breadcrumbs';
import { LEGAL_DOCUMENTS, LEGAL_UPDATED } from '../documents';

export interface LegalSection {
  id: string;
  heading: string;
  content: ReactNode;
}

/** A legal document: title, date, contents, numbered sections, and links to the other documents. */
export function LegalDocument({
  slug,
  intro,
  sections,
}: {
  slug: (typeof LEGAL_DOCUMENTS)[number]['slug'];
  intro: ReactNode;
  sections: LegalSection[];
}) {
  const doc = LEGAL_DOCUMENTS.find((d) => d.slug === slug)!;
  const others = LEGAL_DOCUMENTS.filter((d) => d.slug !== slug);
  return (
    <div className="mx-auto max-w-3xl">
      <Breadcrumbs items={[{ label: 'Legal', to: '/legal' }, { label: doc.title }]} />
      <article aria-labelledby="legal-title">
        <header className="mb-6">
          <h1 id="legal-title" className="text-3xl font-bold tracking-tight">
            {doc.title}
          </h1>
          <p className="mt-1 text-sm text-muted">Last updated: {LEGAL_UPDATED}</p>
          <div className="mt-4 text-muted">{intro}</div>
        </header>
        <nav aria-label="Contents" className="mb-8 rounded-[var(--radius-card)] border border-border bg-surface p-5">
          <p className="mb-2 text-sm font-semibold">Contents</p>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-muted hover:text-fg hover:underline">
                  {s.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-8">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`} className="scroll-mt-20">
              <h2 id={`${s.id}-h`} className="text-xl font-semibold">
                {i + 1}. {s.heading}
              </h2>
              <div className="legal-prose mt-3 space-y-3 text-sm leading-relaxed text-fg/90 [&_li>a]:text-primary [&_li>a:hover]:underline [&_p>a]:text-primary [&_p>a:hover]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ul]:list-disc [&_ul]:space-y-1">
                {s.content}
              </div>
            </section>
          ))}
        </div>
      </article>
      <nav aria-label="Other legal documents" className="mt-12 border-t border-border pt-6 text-sm">
        <p className="mb-2 text-muted">Other documents</p>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {others.map((d) => (
            <li key={d.slug}>
              <Link to={`/legal/${d.slug}`} className="text-primary hover:underline">
                {d.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

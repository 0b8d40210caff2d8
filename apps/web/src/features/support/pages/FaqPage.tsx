import { Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { FaqList } from '../../marketing/components/Faq';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { FAQ_GROUPS, filterFaq } from '../content/faq';

const TOTAL = FAQ_GROUPS.reduce((n, g) => n + g.items.length, 0);

/** /support/faq: four groups of expandable questions, filtered by question or answer text. */
export default function FaqPage() {
  const [query, setQuery] = useState('');
  const groups = filterFaq(FAQ_GROUPS, query);
  const shown = groups.reduce((n, g) => n + g.items.length, 0);

  return (
    <div className="mx-auto max-w-4xl">
      <Breadcrumbs items={[{ label: 'Support', to: '/support' }, { label: 'FAQ' }]} />
      <PageHeading title="Frequently Asked Questions" subtitle="Quick answers about Wavecast." />

      <search className="mb-2">
        <div className="relative max-w-xl">
          <label htmlFor="faq-search" className="sr-only">
            Search FAQs
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            id="faq-search"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search FAQs..."
            className="h-12 w-full rounded-full border border-border bg-surface pr-4 pl-9 placeholder:text-muted focus:border-primary focus:outline-none"
          />
        </div>
      </search>
      <p className="mb-8 text-sm text-muted" role="status">
        {query.trim() ? `Showing ${shown} of ${TOTAL} questions` : `${TOTAL} questions`}
      </p>

      {groups.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-border bg-surface p-6 text-muted">
          No questions match “{query.trim()}”. Try other words, search the{' '}
          <Link to="/support/help" className="text-primary hover:underline">
            Help Center
          </Link>{' '}
          or{' '}
          <Link to="/support/contact" className="text-primary hover:underline">
            contact us
          </Link>
          .
        </p>
      ) : (
        <div className="space-y-10">
          {groups.map((g) => (
            <section key={g.id} aria-labelledby={`faq-${g.id}`}>
              <h2 id={`faq-${g.id}`} className="mb-4 text-xl font-semibold">
                {g.title}
              </h2>
              <FaqList entries={g.items} />
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

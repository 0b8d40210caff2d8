import { HELP_CATEGORIES, pluralize } from '@wavecast/shared';
import { ArrowLeft, BookOpen, CreditCard, Headphones, Radio, Search, ShieldCheck, Upload } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { ArticleList } from '../components/ArticleList';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { articlesIn, findHelpCategory, POPULAR_ARTICLES, searchArticles } from '../content/help';

const ICONS = {
  'getting-started': BookOpen,
  uploading: Upload,
  'live-streaming': Radio,
  listening: Headphones,
  account: CreditCard,
  safety: ShieldCheck,
} as const;

const plural = (n: number) => pluralize(n, 'article');

function StillNeedHelp() {
  return (
    <aside
      aria-labelledby="need-help-title"
      className="mt-10 rounded-[var(--radius-card)] border border-border bg-surface p-6 text-center"
    >
      <h2 id="need-help-title" className="text-lg font-semibold">
        Still need help?
      </h2>
      <p className="mt-1 text-sm text-muted">Our support team is happy to help.</p>
      <ButtonLink to="/support/contact" className="mt-4">
        Contact Us
      </ButtonLink>
    </aside>
  );
}

/** /support/help: search, the six categories, popular articles; ?q= and ?category= are kept in the URL. */
export default function HelpCenterPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = findHelpCategory(params.get('category'));
  const results = q.trim() ? searchArticles(q) : null;

  const setQuery = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="mx-auto max-w-5xl">
      <Breadcrumbs items={[{ label: 'Support', to: '/support' }, { label: 'Help Center' }]} />
      <PageHeading title="Help Center" subtitle="Guides and answers for listeners and creators." />

      <search className="mb-8">
        <form onSubmit={(e) => e.preventDefault()} className="relative max-w-xl">
          <label htmlFor="help-search" className="sr-only">
            Search help articles
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            id="help-search"
            type="search"
            value={q}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search help articles..."
            className="h-12 w-full rounded-full border border-border bg-surface pr-4 pl-9 placeholder:text-muted focus:border-primary focus:outline-none"
          />
        </form>
      </search>

      {results ? (
        <section aria-labelledby="results-title">
          <h2 id="results-title" className="mb-1 text-xl font-semibold">
            Search results
          </h2>
          <p className="mb-4 text-sm text-muted" role="status">
            {plural(results.length)} found for “{q.trim()}”
          </p>
          {results.length > 0 ? (
            <ArticleList articles={results} showCategory />
          ) : (
            <p className="rounded-[var(--radius-card)] border border-border bg-surface p-6 text-muted">
              No articles match your search. Try other words, browse the categories, or{' '}
              <Link to="/support/contact" className="text-primary hover:underline">
                contact us
              </Link>
              .
            </p>
          )}
        </section>
      ) : category ? (
        <section aria-labelledby="category-title">
          <Link to="/support/help" className="mb-4 inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
            <ArrowLeft className="size-4" aria-hidden />
            All categories
          </Link>
          <h2 id="category-title" className="text-xl font-semibold">
            {category.name}
          </h2>
          <p className="mb-4 text-sm text-muted">
            {category.description} · {plural(category.articleCount)}
          </p>
          <ArticleList articles={articlesIn(category.id)} />
        </section>
      ) : (
        <>
          <section aria-labelledby="categories-title">
            <h2 id="categories-title" className="mb-4 text-xl font-semibold">
              Browse by category
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {HELP_CATEGORIES.map((c) => {
                const Icon = ICONS[c.id];
                return (
                  <li key={c.id}>
                    <Link
                      to={`/support/help?category=${c.id}`}
                      className="flex h-full flex-col rounded-[var(--radius-card)] border border-border bg-surface p-5 hover:border-primary"
                      data-testid={`help-category-${c.id}`}
                    >
                      <Icon className="size-6 text-primary" aria-hidden />
                      <h3 className="mt-3 font-semibold">{c.name}</h3>
                      <p className="mt-1 flex-1 text-sm text-muted">{c.description}</p>
                      <p className="mt-3 text-sm font-medium text-primary">{plural(c.articleCount)}</p>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
          <section aria-labelledby="popular-title" className="mt-10">
            <h2 id="popular-title" className="mb-4 text-xl font-semibold">
              Popular articles
            </h2>
            <ArticleList articles={POPULAR_ARTICLES} showCategory />
          </section>
        </>
      )}
      <StillNeedHelp />
    </div>
  );
}

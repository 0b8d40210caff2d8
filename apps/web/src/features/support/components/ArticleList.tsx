import { HELP_CATEGORIES } from '@wavecast/shared';
import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import type { HelpArticle } from '../content/help';

const categoryName = (id: string) => HELP_CATEGORIES.find((c) => c.id === id)?.name ?? '';

/** A list of help articles linking to their pages. */
export function ArticleList({
  articles,
  showCategory = false,
}: {
  articles: readonly HelpArticle[];
  showCategory?: boolean;
}) {
  return (
    <ul className="divide-y divide-border overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface">
      {articles.map((a) => (
        <li key={a.slug}>
          <Link
            to={`/support/help/${a.slug}`}
            className="flex gap-3 px-5 py-4 hover:bg-surface-2"
            data-testid="help-article-link"
          >
            <FileText className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <span className="min-w-0">
              <span className="block font-medium">{a.title}</span>
              <span className="block text-sm text-muted">
                {showCategory && <span className="text-primary">{categoryName(a.category)} · </span>}
                {a.summary}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

import { Link, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/Button';
import { ArticleBody } from '../components/ArticleBody';
import { ArticleList } from '../components/ArticleList';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { articlesIn, findArticle, findHelpCategory } from '../content/help';

/** /support/help/:slug: one help article, with related articles from its category. */
export default function HelpArticlePage() {
  const { slug } = useParams();
  const article = findArticle(slug);

  if (!article) {
    return (
      <div className="mx-auto max-w-3xl py-12 text-center">
        <h1 className="text-3xl font-bold">Article not found</h1>
        <p className="mt-2 text-muted">This help article does not exist or has moved.</p>
        <ButtonLink to="/support/help" className="mt-6">
          Back to Help Center
        </ButtonLink>
      </div>
    );
  }

  const category = findHelpCategory(article.category);
  const related = articlesIn(article.category)
    .filter((a) => a.slug !== article.slug)
    .slice(0, 4);

  return (
    <div className="mx-auto max-w-3xl">
      <Breadcrumbs
        items={[
          { label: 'Support', to: '/support' },
          { label: 'Help Center', to: '/support/help' },
          ...(category ? [{ label: category.name, to: `/support/help?category=${category.id}` }] : []),
          { label: article.title },
        ]}
      />
      <article aria-labelledby="article-title">
        <header className="mb-6">
          <h1 id="article-title" className="text-3xl font-bold tracking-tight">
            {article.title}
          </h1>
          <p className="mt-2 text-lg text-muted">{article.summary}</p>
        </header>
        <ArticleBody blocks={article.body} />
      </article>

      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-12">
          <h2 id="related-title" className="mb-4 text-xl font-semibold">
            Related articles
          </h2>
          <ArticleList articles={related} />
        </section>
      )}

      <p className="mt-10 rounded-[var(--radius-card)] border border-border bg-surface p-5 text-sm text-muted">
        Didn’t find what you need?{' '}
        <Link to="/support/faq" className="text-primary hover:underline">
          Check the FAQ
        </Link>{' '}
        or{' '}
        <Link to="/support/contact" className="text-primary hover:underline">
          contact our support team
        </Link>
        .
      </p>
    </div>
  );
}

import { HELP_CATEGORIES, type HelpCategoryId } from '@wavecast/shared';
import { account } from './account';
import { gettingStarted } from './gettingStarted';
import { listening } from './listening';
import { liveStreaming } from './liveStreaming';
import { safety } from './safety';
import { articleText, type HelpArticle } from './types';
import { uploading } from './uploading';

export type { ArticleBlock, HelpArticle } from './types';

export const HELP_ARTICLES: readonly HelpArticle[] = [
  ...gettingStarted,
  ...uploading,
  ...liveStreaming,
  ...listening,
  ...account,
  ...safety,
];

export const POPULAR_ARTICLES = HELP_ARTICLES.filter((a) => a.popular);

export const findArticle = (slug: string | undefined) => HELP_ARTICLES.find((a) => a.slug === slug);

export const findHelpCategory = (id: string | null | undefined) => HELP_CATEGORIES.find((c) => c.id === id);

export const articlesIn = (category: HelpCategoryId) => HELP_ARTICLES.filter((a) => a.category === category);

/** Articles whose title or body contains every word of the query, case-insensitively. */
export function searchArticles(query: string, articles: readonly HelpArticle[] = HELP_ARTICLES): HelpArticle[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return articles.filter((a) => {
    const text = articleText(a).toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

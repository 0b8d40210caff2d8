import type { HelpCategoryId } from '@wavecast/shared';

/** A paragraph, numbered steps, a bullet list or a tip. */
export type ArticleBlock = string | { steps: string[] } | { list: string[] } | { tip: string };

export interface HelpArticle {
  slug: string;
  category: HelpCategoryId;
  title: string;
  summary: string;
  popular?: boolean;
  body: ArticleBlock[];
}

/** All the words of an article, for search. */
export function articleText(a: HelpArticle): string {
  const blocks = a.body.map((b) =>
    typeof b === 'string' ? b : 'steps' in b ? b.steps.join(' ') : 'list' in b ? b.list.join(' ') : b.tip,
  );
  return [a.title, a.summary, ...blocks].join(' ');
}

import { HELP_CATEGORIES } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { articlesIn, findArticle, HELP_ARTICLES, POPULAR_ARTICLES, searchArticles } from './index';

describe('help centre content', () => {
  it('has exactly the spec’s article count in each of the six categories', () => {
    expect(HELP_CATEGORIES.map((c) => articlesIn(c.id).length)).toEqual([12, 18, 8, 15, 10, 6]);
    expect(HELP_ARTICLES).toHaveLength(69);
  });

  it('gives every article a unique slug, a title, a summary and a body', () => {
    expect(new Set(HELP_ARTICLES.map((a) => a.slug)).size).toBe(HELP_ARTICLES.length);
    for (const a of HELP_ARTICLES) {
      expect(a.slug).toMatch(/^[a-z0-9-]+$/);
      expect(a.title.length).toBeGreaterThan(5);
      expect(a.summary.length).toBeGreaterThan(10);
      expect(a.body.length).toBeGreaterThan(0);
    }
    expect(POPULAR_ARTICLES.length).toBeGreaterThanOrEqual(6);
    expect(findArticle('supported-audio-formats')?.title).toBe('Supported audio formats and file size');
  });

  it('searches titles and bodies case-insensitively, all words required', () => {
    const byBody = searchArticles('FLAC').map((a) => a.slug);
    expect(byBody).toContain('supported-audio-formats');
    expect(searchArticles('flac')).toEqual(searchArticles('FLAC'));
    expect(searchArticles('KEYBOARD shortcuts').map((a) => a.slug)).toContain('keyboard-shortcuts');
    expect(searchArticles('Amber LEVEL meter').map((a) => a.slug)).toEqual(['setting-up-your-microphone']);
    expect(searchArticles('zzzz-nothing')).toEqual([]);
    expect(searchArticles('   ')).toEqual([]);
  });
});

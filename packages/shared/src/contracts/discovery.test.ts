import { describe, expect, it } from 'vitest';
import { resolveCategory, ZSearchQuery, ZTrackListQuery } from './discovery';

describe('resolveCategory', () => {
  it('maps Explore categories (any case) onto upload and live categories', () => {
    expect(resolveCategory('podcasts')).toEqual({
      label: 'Podcasts',
      trackCategories: ['Podcast'],
      liveRecordingsOnly: false,
      liveCategories: ['Talk Shows', 'News'],
    });
    expect(resolveCategory('AUDIOBOOKS')?.trackCategories).toEqual(['Audiobook']);
    expect(resolveCategory('live shows')).toMatchObject({
      trackCategories: null,
      liveRecordingsOnly: true,
      liveCategories: null,
    });
    expect(resolveCategory('educational')?.liveCategories).toEqual(['Education']);
  });

  it('takes upload and live category names too; unknown names select nothing', () => {
    expect(resolveCategory('Other')?.trackCategories).toEqual(['Other']);
    expect(resolveCategory('uncategorized')?.trackCategories).toEqual(['Uncategorized']);
    expect(resolveCategory('Talk Shows')).toMatchObject({ trackCategories: [], liveCategories: ['Talk Shows'] });
    expect(resolveCategory('nope')).toMatchObject({ trackCategories: [], liveCategories: [] });
    expect(resolveCategory('')).toBeNull();
    expect(resolveCategory('all')).toBeNull();
    expect(resolveCategory(undefined)).toBeNull();
  });
});

describe('query contracts', () => {
  it('trims and cuts search text, refuses a blank search', () => {
    expect(ZSearchQuery.parse({ q: '  morning  ' })).toEqual({ q: 'morning', type: 'all' });
    expect(ZSearchQuery.parse({ q: 'x'.repeat(500) }).q).toHaveLength(200);
    expect(ZSearchQuery.safeParse({ q: '   ' }).success).toBe(false);
    expect(ZSearchQuery.safeParse({ q: 'a', type: 'tracks' }).success).toBe(false);
  });

  it('bounds Explore pages', () => {
    expect(ZTrackListQuery.parse({})).toMatchObject({ sort: 'recent', limit: 24 });
    expect(ZTrackListQuery.parse({ limit: '12' }).limit).toBe(12);
    expect(ZTrackListQuery.safeParse({ limit: '25' }).success).toBe(false);
    expect(ZTrackListQuery.safeParse({ sort: 'loudest' }).success).toBe(false);
  });
});

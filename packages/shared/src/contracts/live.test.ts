import { describe, expect, it } from 'vitest';
import { normalizeLiveTags, ZCreateLiveStream } from './live';

describe('ZCreateLiveStream', () => {
  it('answers with the spec messages', () => {
    const missingTitle = ZCreateLiveStream.safeParse({ title: '   ', category: 'Music' });
    expect(missingTitle.error?.issues[0].message).toBe('Please enter a stream title');
    const noTitle = ZCreateLiveStream.safeParse({ category: 'Music' });
    expect(noTitle.error?.issues[0].message).toBe('Please enter a stream title');
    const noCategory = ZCreateLiveStream.safeParse({ title: 'x' });
    expect(noCategory.error?.issues[0].message).toBe('Please select a category');
    const badCategory = ZCreateLiveStream.safeParse({ title: 'x', category: 'Podcasts' });
    expect(badCategory.error?.issues[0].message).toBe('Please select a category');
  });

  it('accepts the eight live categories, trims, and keeps at most 5 tags', () => {
    for (const category of [
      'Music',
      'Talk Shows',
      'Education',
      'Entertainment',
      'News',
      'Sports',
      'Technology',
      'Gaming',
    ]) {
      expect(ZCreateLiveStream.safeParse({ title: 't', category }).success).toBe(true);
    }
    const ok = ZCreateLiveStream.parse({ title: '  Hi  ', category: 'News', tags: [' a ', 'a', '', 'b'] });
    expect(ok).toEqual({ title: 'Hi', description: '', category: 'News', tags: ['a', 'b'] });
    const six = ZCreateLiveStream.safeParse({ title: 't', category: 'News', tags: ['1', '2', '3', '4', '5', '6'] });
    expect(six.error?.issues[0].message).toBe('You can add at most 5 tags');
  });

  it('normalizes tags like the Go Live form', () => {
    expect(normalizeLiveTags(['  jazz', 'jazz ', 'funk', '   '])).toEqual(['jazz', 'funk']);
  });
});

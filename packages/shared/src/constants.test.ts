import { describe, expect, it } from 'vitest';
import { LIVE_CATEGORIES, LIVE_TO_UPLOAD_CATEGORY, recordingCategory, UPLOAD_CATEGORIES } from './constants';

describe('recordingCategory', () => {
  it('maps every live category onto an upload category, none onto Other', () => {
    for (const live of LIVE_CATEGORIES) {
      expect(UPLOAD_CATEGORIES).toContain(LIVE_TO_UPLOAD_CATEGORY[live]);
      expect(recordingCategory(live)).not.toBe('Other');
    }
  });

  it('picks the nearest kind of audio', () => {
    expect(recordingCategory('Music')).toBe('Music');
    expect(recordingCategory('Talk Shows')).toBe('Podcast');
    expect(recordingCategory('News')).toBe('Podcast');
    expect(recordingCategory('Education')).toBe('Educational');
    expect(recordingCategory('Technology')).toBe('Educational');
  });

  it('falls back to Other for a category it does not know', () => {
    expect(recordingCategory('Cooking')).toBe('Other');
  });
});

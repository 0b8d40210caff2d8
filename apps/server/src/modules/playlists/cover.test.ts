import { describe, expect, it } from 'vitest';
import { coverMimeOfKey } from './cover';

describe('coverMimeOfKey', () => {
  it('maps stored keys back to a content type', () => {
    expect(coverMimeOfKey('playlist-covers/p/x.webp')).toBe('image/webp');
    expect(coverMimeOfKey('playlist-covers/p/x.jpg')).toBe('image/jpeg');
  });
});

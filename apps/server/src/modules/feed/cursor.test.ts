import { describe, expect, it } from 'vitest';
import { decodeFeedCursor, encodeFeedCursor } from './cursor';

describe('feed cursor', () => {
  it('round-trips time and item id', () => {
    const at = new Date('2026-11-27T08:00:00.123Z');
    expect(decodeFeedCursor(encodeFeedCursor(at, 'user_1:1c7d1f3e-0000-4000-8000-000000000000'))).toEqual({
      at,
      id: 'user_1:1c7d1f3e-0000-4000-8000-000000000000',
    });
    expect(decodeFeedCursor(undefined)).toBeUndefined();
  });

  it('refuses garbage with a 400, never a 500', () => {
    for (const bad of [
      'garbage',
      Buffer.from('nope|x').toString('base64url'),
      Buffer.from("2026-01-01T00:00:00Z|a'b").toString('base64url'),
    ])
      expect(() => decodeFeedCursor(bad)).toThrow('Invalid cursor');
  });
});

import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor';
import { fuzzyAllowed } from './sql';

const ID = '0b7c3a8e-2f4d-4c1e-9a55-1234567890ab';

describe('keyset cursors', () => {
  it('round-trip the sort key and id', () => {
    const at = '2025-01-02T03:04:05.123456Z';
    expect(decodeCursor(encodeCursor('recent', at, ID), 'recent')).toEqual({ key: at, id: ID });
    expect(decodeCursor(encodeCursor('popular', '42', ID), 'popular')).toEqual({ key: '42', id: ID });
    expect(decodeCursor(undefined, 'recent')).toBeUndefined();
  });

  it('refuse garbage, a cursor of another sort, and keys that are not what the sort needs', () => {
    expect(() => decodeCursor('garbage', 'recent')).toThrow('Invalid cursor');
    expect(() => decodeCursor(encodeCursor('popular', '42', ID), 'recent')).toThrow('Invalid cursor');
    expect(() => decodeCursor(encodeCursor('recent', "1'; drop table", ID), 'recent')).toThrow('Invalid cursor');
    expect(() => decodeCursor(encodeCursor('popular', '4.2', ID), 'popular')).toThrow('Invalid cursor');
    expect(() => decodeCursor(encodeCursor('popular', '42', 'not-a-uuid'), 'popular')).toThrow('Invalid cursor');
  });
});

describe('fuzzyAllowed', () => {
  it('needs a trigram and stays out of search syntax', () => {
    expect(fuzzyAllowed('meditaton')).toBe(true);
    expect(fuzzyAllowed('lo')).toBe(false);
    expect(fuzzyAllowed('"deep focus"')).toBe(false);
    expect(fuzzyAllowed('jazz -smooth')).toBe(false);
    expect(fuzzyAllowed('rock or jazz')).toBe(false);
    expect(fuzzyAllowed('lo-fi beats')).toBe(true);
  });
});

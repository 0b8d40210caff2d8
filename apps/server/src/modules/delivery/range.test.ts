import { describe, expect, it } from 'vitest';
import { ifRangeMatches, notModified, parseRange, preconditionFailed } from './range';

const SIZE = 1000;

describe('parseRange (answers as nginx does)', () => {
  it.each([
    ['bytes=0-0', { kind: 'partial', start: 0, end: 0 }],
    ['bytes=0-', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=-500', { kind: 'partial', start: 500, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=100-99999', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=999-', { kind: 'partial', start: 999, end: 999 }],
    ['BYTES=1-2', { kind: 'partial', start: 1, end: 2 }],
    ['bytes= 1 - 2', { kind: 'partial', start: 1, end: 2 }],
  ])('%s is partial', (header, want) => expect(parseRange(header, SIZE)).toEqual(want));

  it.each(['bytes=5-1', 'bytes=1000-', 'bytes=1000-2000', 'bytes=-0', 'bytes=abc', 'bytes=-', 'bytes=1-2-3'])(
    '%s is unsatisfiable',
    (header) => expect(parseRange(header, SIZE)).toEqual({ kind: 'unsatisfiable' }),
  );

  it('ignores headers that are not byte ranges, and answers several ranges whole', () => {
    expect(parseRange(undefined, SIZE)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-1', SIZE)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=', SIZE)).toEqual({ kind: 'full' }); // nginx: too short to be a range
    expect(parseRange('bytes=0-1,5-6', SIZE)).toEqual({ kind: 'full' });
    // An unsatisfiable part next to a good one leaves the good one.
    expect(parseRange('bytes=0-1,5000-6000', SIZE)).toEqual({ kind: 'partial', start: 0, end: 1 });
  });
});

describe('If-Range', () => {
  const mtime = new Date('2024-05-01T10:00:00Z');
  it('matches the exact strong ETag or the exact Last-Modified date', () => {
    expect(ifRangeMatches(undefined, '"a"', mtime)).toBe(true);
    expect(ifRangeMatches('"a"', '"a"', mtime)).toBe(true);
    expect(ifRangeMatches('"b"', '"a"', mtime)).toBe(false);
    expect(ifRangeMatches('W/"a"', '"a"', mtime)).toBe(false);
    expect(ifRangeMatches(mtime.toUTCString(), '"a"', mtime)).toBe(true);
    expect(ifRangeMatches(new Date('2024-04-01').toUTCString(), '"a"', mtime)).toBe(false);
    expect(ifRangeMatches('garbage', '"a"', mtime)).toBe(false);
  });
});

describe('conditional GET', () => {
  const mtime = new Date('2024-05-01T10:00:00Z');
  it('uses If-None-Match before If-Modified-Since', () => {
    expect(notModified({ 'if-none-match': '"x", "a"' }, '"a"', mtime)).toBe(true);
    expect(notModified({ 'if-none-match': 'W/"a"' }, '"a"', mtime)).toBe(true);
    expect(notModified({ 'if-none-match': '"b"', 'if-modified-since': mtime.toUTCString() }, '"a"', mtime)).toBe(false);
    expect(notModified({ 'if-modified-since': mtime.toUTCString() }, '"a"', mtime)).toBe(true);
    expect(notModified({ 'if-modified-since': new Date('2024-01-01').toUTCString() }, '"a"', mtime)).toBe(false);
    expect(notModified({}, '"a"', mtime)).toBe(false);
  });
});

describe('preconditions (If-Match, If-Unmodified-Since)', () => {
  const mtime = new Date('2024-05-01T10:00:00Z');
  it('If-Match needs a strong match of a listed ETag, or *', () => {
    expect(preconditionFailed({}, '"a"', mtime)).toBe(false);
    expect(preconditionFailed({ 'if-match': '"a"' }, '"a"', mtime)).toBe(false);
    expect(preconditionFailed({ 'if-match': '"x", "a"' }, '"a"', mtime)).toBe(false);
    expect(preconditionFailed({ 'if-match': '*' }, '"a"', mtime)).toBe(false);
    expect(preconditionFailed({ 'if-match': '"b"' }, '"a"', mtime)).toBe(true);
    expect(preconditionFailed({ 'if-match': 'W/"a"' }, '"a"', mtime)).toBe(true);
    expect(preconditionFailed({ 'if-match': '"a"' }, 'W/"a"', mtime)).toBe(true);
  });

  it('If-Unmodified-Since fails once the object changed after the date; If-Match wins over it', () => {
    const before = new Date('2024-04-01').toUTCString();
    expect(preconditionFailed({ 'if-unmodified-since': mtime.toUTCString() }, '"a"', mtime)).toBe(false);
    expect(preconditionFailed({ 'if-unmodified-since': new Date('2025-01-01').toUTCString() }, '"a"', mtime)).toBe(
      false,
    );
    expect(preconditionFailed({ 'if-unmodified-since': before }, '"a"', mtime)).toBe(true);
    expect(preconditionFailed({ 'if-unmodified-since': 'garbage' }, '"a"', mtime)).toBe(false);
    expect(preconditionFailed({ 'if-match': '"a"', 'if-unmodified-since': before }, '"a"', mtime)).toBe(false);
  });
});

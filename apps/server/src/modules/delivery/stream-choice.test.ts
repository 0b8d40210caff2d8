import { describe, expect, it } from 'vitest';
import { toTrackFacts } from '../../access/tracks';
import type { TrackRow } from '../tracks/repo';
import { cacheControl, hasSessionCookie, pickStream, sessionToken, variesByViewer } from './stream-choice';

const row = (media: TrackRow['media']) => ({
  ...({ audioKey: 'audio/u/t.mp3', audioMime: 'audio/mpeg', media } as TrackRow),
  ...toTrackFacts({
    id: 't',
    userId: 'u',
    isPublic: true,
    status: 'ready' as const,
    ownerSuspended: false,
    removed: false,
  }),
});

const standard = row({ opusKey: 'o.webm', aacKey: 'a.m4a' });
const withHd = row({ opusKey: 'o.webm', aacKey: 'a.m4a', hdKey: 'o.hd.webm' });

describe('pickStream', () => {
  it('gives HD listeners the HD rendition in place of the Opus one', () => {
    expect(pickStream(withHd, 'opus', true)).toEqual({ key: 'o.hd.webm', type: 'audio/webm' });
  });

  it('gives everyone else the standard Opus rendition of the same URL', () => {
    expect(pickStream(withHd, 'opus', false).key).toBe('o.webm');
    expect(pickStream(withHd, 'opus').key).toBe('o.webm');
  });

  it('never gives HD where the track has none, nor for AAC, the default or the original', () => {
    expect(pickStream(standard, 'opus', true).key).toBe('o.webm');
    expect(pickStream(withHd, 'aac', true).key).toBe('a.m4a');
    expect(pickStream(withHd, undefined, true).key).toBe('a.m4a');
    expect(pickStream(withHd, 'original', true).key).toBe('audio/u/t.mp3');
  });
});

describe('variesByViewer and cacheControl', () => {
  it('only the Opus stream of a track with HD varies', () => {
    expect(variesByViewer(withHd, 'opus')).toBe(true);
    expect(variesByViewer(withHd, 'aac')).toBe(false);
    expect(variesByViewer(withHd, undefined)).toBe(false);
    expect(variesByViewer(standard, 'opus')).toBe(false);
  });

  it('a personal answer is private and revalidated; shared ones keep their caching', () => {
    expect(cacheControl(withHd, true, true)).toBe('private, no-cache');
    expect(cacheControl(withHd, true)).toBe('public, max-age=31536000, immutable');
  });
});

describe('hasSessionCookie', () => {
  it('sees better-auth session cookies, secure-prefixed or not', () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie('theme=dark')).toBe(false);
    expect(hasSessionCookie('better-auth.session_token=abc')).toBe(true);
    expect(hasSessionCookie('a=1; __Secure-better-auth.session_token=abc')).toBe(true);
  });
});

describe('sessionToken', () => {
  it('is the session cookie value among others, or null', () => {
    expect(sessionToken(undefined)).toBeNull();
    expect(sessionToken('theme=dark')).toBeNull();
    expect(sessionToken('better-auth.session_token=abc.sig')).toBe('abc.sig');
    expect(sessionToken('a=1; __Secure-better-auth.session_token=abc.sig; b=2')).toBe('abc.sig');
    expect(sessionToken('x-better-auth.session_token=forged')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ZCreatePlaylist } from './contracts/playlists';
import { isLongForm, PLAYLIST_NAME_MAX, playCountThreshold, playlistNameError } from './rules';

describe('playCountThreshold', () => {
  it('is 30 s, or half of a shorter track', () => {
    expect(playCountThreshold(300)).toBe(30);
    expect(playCountThreshold(60)).toBe(30);
    expect(playCountThreshold(40)).toBe(20);
    expect(playCountThreshold(7)).toBe(3.5);
  });
  it('falls back to 30 s for an unknown duration', () => {
    expect(playCountThreshold(0)).toBe(30);
    expect(playCountThreshold(Number.NaN)).toBe(30);
  });
});

describe('isLongForm', () => {
  it('is true beyond 10 minutes', () => {
    expect(isLongForm(600)).toBe(false);
    expect(isLongForm(601)).toBe(true);
  });
});

describe('playlistNameError', () => {
  it('agrees with ZCreatePlaylist on every kind of name', () => {
    for (const name of [
      '',
      '   ',
      'Road trip',
      '  Padded  ',
      'x'.repeat(PLAYLIST_NAME_MAX),
      'x'.repeat(PLAYLIST_NAME_MAX + 1),
    ]) {
      const parsed = ZCreatePlaylist.safeParse({ name });
      expect(playlistNameError(name), JSON.stringify(name)).toBe(
        parsed.success ? null : parsed.error.issues[0].message,
      );
    }
  });
});

import { describe, expect, it } from 'vitest';
import { pickSource } from './source';

const track = {
  audioUrl: '/api/tracks/a/stream?v=1',
  sources: [
    { url: '/api/tracks/a/stream?v=1&format=opus', type: 'audio/webm; codecs="opus"' },
    { url: '/api/tracks/a/stream?v=1&format=aac', type: 'audio/mp4; codecs="mp4a.40.2"' },
  ],
};

describe('pickSource', () => {
  it('takes the first rendition the browser can play', () => {
    expect(pickSource(track, () => 'probably')).toBe('/api/tracks/a/stream?v=1&format=opus');
    expect(pickSource(track, (t) => (t.startsWith('audio/mp4') ? 'maybe' : ''))).toBe(
      '/api/tracks/a/stream?v=1&format=aac',
    );
  });
  it('falls back to audioUrl', () => {
    expect(pickSource(track, () => '')).toBe('/api/tracks/a/stream?v=1');
    expect(pickSource({ audioUrl: '/x' }, () => 'probably')).toBe('/x');
  });
});

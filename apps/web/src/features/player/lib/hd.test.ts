import { describe, expect, it } from 'vitest';
import { hearsHd } from './hd';

const track = {
  hd: true,
  audioUrl: '/api/tracks/a/stream?v=1',
  sources: [
    { url: '/api/tracks/a/stream?v=1&format=opus', type: 'audio/webm; codecs="opus"' },
    { url: '/api/tracks/a/stream?v=1&format=aac', type: 'audio/mp4; codecs="mp4a.40.2"' },
  ],
};
const playsAll = () => 'probably';
const noOpus = (type: string) => (type.includes('opus') ? '' : 'probably');

describe('hearsHd', () => {
  it('is true for an HD listener playing the Opus source of a track with HD', () => {
    expect(hearsHd(track, true, playsAll)).toBe(true);
  });

  it('is false without HD listening, without an HD rendition, or where the browser plays AAC', () => {
    expect(hearsHd(track, false, playsAll)).toBe(false);
    expect(hearsHd({ ...track, hd: false }, true, playsAll)).toBe(false);
    expect(hearsHd(track, true, noOpus)).toBe(false);
  });
});

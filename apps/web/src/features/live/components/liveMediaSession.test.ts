import { describe, expect, it } from 'vitest';
import { mediaMetadataOf, streamMediaInfo } from './liveMediaSession';

const stream = {
  title: 'Evening Set',
  nowPlaying: null,
  thumbnailUrl: null,
  creator: { id: 'u1', displayName: 'Zoë', avatarUrl: null },
};

describe('live media session metadata', () => {
  it("is the stream itself until its encoder says what plays, then the encoder's song", () => {
    expect(streamMediaInfo(stream)).toEqual({ title: 'Evening Set', artist: 'Zoë', album: 'Live', artworkUrl: null });
    expect(streamMediaInfo({ ...stream, nowPlaying: 'Ψ – B-side' })).toEqual({
      title: 'Ψ – B-side',
      artist: 'Zoë',
      album: 'Evening Set',
      artworkUrl: null,
    });
  });

  it('makes artwork absolute (the system fetches it, not the page)', () => {
    const info = { title: 'Low', artist: 'Station', album: 'Tone FM', artworkUrl: '/api/tracks/t1/cover' };
    expect(mediaMetadataOf(info, 'https://wavecast.example')).toEqual({
      title: 'Low',
      artist: 'Station',
      album: 'Tone FM',
      artwork: [{ src: 'https://wavecast.example/api/tracks/t1/cover' }],
    });
    expect(mediaMetadataOf({ ...info, artworkUrl: null }, 'https://wavecast.example').artwork).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { toEngineProgram } from './engine-program';

const channel = {
  id: 'c1',
  artistSeparation: 3,
  trackSeparationHours: 2,
  jingleEverySongs: 4,
  jingleEveryMinutes: null,
  djGraceSeconds: 8,
  djOnlyInSlot: true,
  goingLiveTrackId: null,
};

describe('toEngineProgram', () => {
  it('maps rotations, shows, jingles and rules; leaves out empty playlists and slots', () => {
    const p = toEngineProgram({
      channel,
      rotations: [
        { playlistId: 'p1', weight: 3 },
        { playlistId: 'empty', weight: 5 },
      ],
      slots: [
        {
          id: 's1',
          title: 'Morning',
          day: 1,
          startMinute: 480,
          durationMinutes: 120,
          kind: 'playlist',
          playlistId: 'p2',
        },
        { id: 's2', title: 'Gone', day: 2, startMinute: 0, durationMinutes: 60, kind: 'playlist', playlistId: null },
        { id: 's3', title: 'Live', day: 5, startMinute: 1200, durationMinutes: 60, kind: 'dj', playlistId: null },
      ],
      jingles: [{ trackId: 'j1' }],
      tracksOf: new Map([
        ['p1', ['t1', 't2']],
        ['p2', ['t3']],
      ]),
    });
    expect(p).toEqual({
      channelId: 'c1',
      rotations: [{ id: 'p1', weight: 3, trackIds: ['t1', 't2'] }],
      noArtistRepeat: 3,
      noTrackRepeatHours: 2,
      shows: [
        {
          id: 's1',
          title: 'Morning',
          day: 1,
          startMinute: 480,
          durationMinutes: 120,
          kind: 'playlist',
          trackIds: ['t3'],
        },
        { id: 's3', title: 'Live', day: 5, startMinute: 1200, durationMinutes: 60, kind: 'dj', djIds: [] },
      ],
      jingles: { trackIds: ['j1'], everySongs: 4, everyMinutes: null, goingLiveTrackId: null },
      djGraceSeconds: 8,
      djOnlyInSlots: true,
    });
  });

  it('has no jingles without jingle tracks or a rule', () => {
    const base = { rotations: [], slots: [], tracksOf: new Map() };
    expect(toEngineProgram({ ...base, channel, jingles: [] }).jingles).toBeNull();
    expect(
      toEngineProgram({ ...base, channel: { ...channel, jingleEverySongs: null }, jingles: [{ trackId: 'j' }] })
        .jingles,
    ).toBeNull();
  });

  it('carries the going-live jingle, with or without rotating jingles', () => {
    const base = { rotations: [], slots: [], tracksOf: new Map() };
    const live = { ...channel, goingLiveTrackId: 'gl' };
    expect(toEngineProgram({ ...base, channel: live, jingles: [{ trackId: 'j1' }] }).jingles).toEqual({
      trackIds: ['j1'],
      everySongs: 4,
      everyMinutes: null,
      goingLiveTrackId: 'gl',
    });
    // No rotating jingles (no rule): only the going-live one.
    expect(
      toEngineProgram({ ...base, channel: { ...live, jingleEverySongs: null }, jingles: [{ trackId: 'j1' }] }).jingles,
    ).toEqual({ trackIds: [], everySongs: null, everyMinutes: null, goingLiveTrackId: 'gl' });
  });
});

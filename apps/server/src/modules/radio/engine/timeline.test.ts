import { describe, expect, it } from 'vitest';
import { planTimeline } from './timeline';
import type { RadioProgram, RadioTrack, TimelineItem } from './types';

const MIN = 60_000;
// 2026-11-29 is a Sunday.
const SUNDAY = Date.UTC(2026, 10, 29, 0, 0, 0);

function track(id: string, artistId: string, seconds = 180, lufs = -16): RadioTrack {
  const ms = seconds * 1000;
  return {
    id,
    title: id,
    artistId,
    artistName: artistId,
    durationMs: ms,
    path: `/nowhere/${id}`,
    cues: { integratedLufs: lufs, peakDbfs: -6, cueInMs: 0, cueOutMs: ms, crossfadeStartMs: ms - 2000 },
  };
}

function catalogOf(...tracks: RadioTrack[]) {
  return new Map(tracks.map((t) => [t.id, t]));
}

const base: RadioProgram = {
  channelId: 'c1',
  rotations: [],
  noArtistRepeat: 0,
  noTrackRepeatHours: 0,
  shows: [],
  jingles: null,
  djGraceSeconds: 8,
  djOnlyInSlots: false,
};

const plays = (items: TimelineItem[]) => items.filter((i) => i.kind !== 'dj-slot');

describe('planTimeline', () => {
  it('is replayable: same inputs, same items; another seed, another order', () => {
    const tracks = Array.from({ length: 12 }, (_, i) => track(`t${i}`, `a${i % 4}`));
    const program = { ...base, rotations: [{ id: 'r', weight: 1, trackIds: tracks.map((t) => t.id) }] };
    const opts = { seed: 's', from: SUNDAY, until: SUNDAY + 120 * MIN };
    const a = planTimeline(program, catalogOf(...tracks), opts);
    expect(planTimeline(program, catalogOf(...tracks), opts)).toEqual(a);
    const b = planTimeline(program, catalogOf(...tracks), { ...opts, seed: 'other' });
    expect(b.map((i) => (i.kind === 'dj-slot' ? '' : i.trackId))).not.toEqual(
      a.map((i) => (i.kind === 'dj-slot' ? '' : i.trackId)),
    );
  });

  it('chains items at their crossfade points with exact start times', () => {
    const t = track('t', 'a', 100);
    t.cues = { ...t.cues, cueInMs: 1500, cueOutMs: 95_000, crossfadeStartMs: 90_000 };
    const program = { ...base, rotations: [{ id: 'r', weight: 1, trackIds: ['t'] }] };
    const items = plays(planTimeline(program, catalogOf(t), { seed: 's', from: SUNDAY, until: SUNDAY + 5 * MIN }));
    expect(items[0]).toMatchObject({ startMs: SUNDAY, endMs: SUNDAY + 93_500, nextStartMs: SUNDAY + 88_500 });
    expect(items[1].startMs).toBe(SUNDAY + 88_500);
    expect(items.at(-1)?.startMs).toBeLessThan(SUNDAY + 5 * MIN);
  });

  it('keeps artists apart by N tracks and tracks apart by M hours', () => {
    const tracks = Array.from({ length: 40 }, (_, i) => track(`t${i}`, `a${i % 8}`, 120));
    const program = {
      ...base,
      noArtistRepeat: 5,
      noTrackRepeatHours: 1,
      rotations: [{ id: 'r', weight: 1, trackIds: tracks.map((t) => t.id) }],
    };
    const items = plays(
      planTimeline(program, catalogOf(...tracks), { seed: 'x', from: SUNDAY, until: SUNDAY + 60 * MIN }),
    );
    const artist = (id: string) => tracks.find((t) => t.id === id)?.artistId;
    for (let i = 0; i < items.length; i++) {
      const window = items.slice(Math.max(0, i - 5), i).map((x) => artist(x.trackId));
      expect(window).not.toContain(artist(items[i].trackId));
      const earlier = items.slice(0, i).filter((x) => x.trackId === items[i].trackId);
      expect(earlier).toEqual([]);
    }
  });

  it('relaxes the rules rather than fall silent (the least recently heard comes back)', () => {
    const tracks = [track('x', 'a', 60), track('y', 'a', 60)];
    const program = {
      ...base,
      noArtistRepeat: 3,
      noTrackRepeatHours: 24,
      rotations: [{ id: 'r', weight: 1, trackIds: ['x', 'y'] }],
    };
    const items = plays(
      planTimeline(program, catalogOf(...tracks), { seed: 's', from: SUNDAY, until: SUNDAY + 10 * MIN }),
    );
    expect(items.length).toBeGreaterThan(8);
    for (let i = 1; i < items.length; i++) expect(items[i].trackId).not.toBe(items[i - 1].trackId);
  });

  it('draws rotations by weight', () => {
    const a = Array.from({ length: 30 }, (_, i) => track(`a${i}`, `x${i}`, 30));
    const b = Array.from({ length: 30 }, (_, i) => track(`b${i}`, `y${i}`, 30));
    const program = {
      ...base,
      rotations: [
        { id: 'heavy', weight: 3, trackIds: a.map((t) => t.id) },
        { id: 'light', weight: 1, trackIds: b.map((t) => t.id) },
      ],
    };
    const items = plays(
      planTimeline(program, catalogOf(...a, ...b), { seed: 'w', from: SUNDAY, until: SUNDAY + 600 * MIN }),
    );
    const heavy = items.filter((i) => i.rotationId === 'heavy').length / items.length;
    expect(items.length).toBeGreaterThan(1000);
    expect(heavy).toBeGreaterThan(0.7);
    expect(heavy).toBeLessThan(0.8);
  });

  it('inserts jingles every N songs and every M minutes', () => {
    const tracks = Array.from({ length: 10 }, (_, i) => track(`t${i}`, `a${i}`, 60));
    const j = track('j', 'station', 5);
    const rot = [{ id: 'r', weight: 1, trackIds: tracks.map((t) => t.id) }];
    const bySongs = plays(
      planTimeline(
        {
          ...base,
          rotations: rot,
          jingles: { trackIds: ['j'], everySongs: 3, everyMinutes: null, goingLiveTrackId: null },
        },
        catalogOf(...tracks, j),
        {
          seed: 's',
          from: SUNDAY,
          until: SUNDAY + 30 * MIN,
        },
      ),
    );
    expect(bySongs.slice(0, 8).map((i) => i.kind)).toEqual([
      'track',
      'track',
      'track',
      'jingle',
      'track',
      'track',
      'track',
      'jingle',
    ]);
    const byMinutes = plays(
      planTimeline(
        {
          ...base,
          rotations: rot,
          jingles: { trackIds: ['j'], everySongs: null, everyMinutes: 5, goingLiveTrackId: null },
        },
        catalogOf(...tracks, j),
        {
          seed: 's',
          from: SUNDAY,
          until: SUNDAY + 60 * MIN,
        },
      ),
    );
    const jingleTimes = byMinutes.filter((i) => i.kind === 'jingle').map((i) => i.startMs);
    expect(jingleTimes.length).toBeGreaterThanOrEqual(10);
    for (let k = 1; k < jingleTimes.length; k++) {
      expect(jingleTimes[k] - jingleTimes[k - 1]).toBeGreaterThanOrEqual(5 * MIN);
      expect(jingleTimes[k] - jingleTimes[k - 1]).toBeLessThan(5 * MIN + 60_000);
    }
  });

  it('starts a show slot on time, cutting the item playing, plays its playlist in order, then goes back to the rotation; marks DJ slots', () => {
    const tracks = Array.from({ length: 5 }, (_, i) => track(`t${i}`, `a${i}`, 60));
    const show = [track('s1', 'sa', 120), track('s2', 'sb', 120)];
    const program: RadioProgram = {
      ...base,
      rotations: [{ id: 'r', weight: 1, trackIds: tracks.map((t) => t.id) }],
      shows: [
        {
          id: 'morning',
          title: 'Morning',
          day: 0,
          startMinute: 10,
          durationMinutes: 5,
          kind: 'playlist',
          trackIds: ['s1', 's2'],
        },
        { id: 'live', title: 'Live', day: 0, startMinute: 30, durationMinutes: 20, kind: 'dj', djIds: [] },
      ],
    };
    const items = planTimeline(program, catalogOf(...tracks, ...show), {
      seed: 's',
      from: SUNDAY,
      until: SUNDAY + 60 * MIN,
    });
    const inShow = plays(items).filter((i) => i.showId === 'morning');
    expect(inShow.map((i) => i.trackId)).toEqual(['s1', 's2', 's1']);
    // On time: the item playing at 00:10 is cut there and fades out over the crossfade.
    expect(inShow[0].startMs).toBe(SUNDAY + 10 * MIN);
    const before = plays(items)[plays(items).indexOf(inShow[0]) - 1];
    expect(before.showId).toBeNull();
    expect(before.nextStartMs).toBe(SUNDAY + 10 * MIN);
    expect(before.endMs).toBe(SUNDAY + 10 * MIN + 3000);
    expect(items.filter((i) => i.kind === 'dj-slot')).toEqual([
      { kind: 'dj-slot', showId: 'live', startMs: SUNDAY + 30 * MIN, endMs: SUNDAY + 50 * MIN },
    ]);
    // The rotation goes on under the DJ slot.
    expect(plays(items).some((i) => i.startMs > SUNDAY + 31 * MIN && i.startMs < SUNDAY + 49 * MIN)).toBe(true);
  });

  it('lets a fade already under way lead into a show rather than start an item for a moment', () => {
    // 61 s items with a 3 s crossfade: the next would start at 0:58 while the first fades until 1:01.
    const t = track('t', 'a', 61);
    const show = track('s', 'sa', 120);
    const program: RadioProgram = {
      ...base,
      rotations: [{ id: 'r', weight: 1, trackIds: ['t'] }],
      shows: [
        { id: 'show', title: 'S', day: 0, startMinute: 1, durationMinutes: 5, kind: 'playlist', trackIds: ['s'] },
      ],
    };
    const items = plays(
      planTimeline(program, catalogOf(t, show), { seed: 's', from: SUNDAY, until: SUNDAY + 10 * MIN }),
    );
    expect(items[0]).toMatchObject({ trackId: 't', nextStartMs: SUNDAY + 58_000, endMs: SUNDAY + 61_000 });
    expect(items[1]).toMatchObject({ trackId: 's', showId: 'show', startMs: SUNDAY + MIN });
  });

  it('cuts a show running over into the next show on time, and a rotation item before a show across plan chunks', () => {
    const long = track('long', 'a', 600);
    const show = track('s', 'sa', 300);
    const program: RadioProgram = {
      ...base,
      rotations: [{ id: 'r', weight: 1, trackIds: ['long'] }],
      shows: [
        { id: 'a', title: 'A', day: 0, startMinute: 20, durationMinutes: 5, kind: 'playlist', trackIds: ['long'] },
        { id: 'b', title: 'B', day: 0, startMinute: 25, durationMinutes: 5, kind: 'playlist', trackIds: ['s'] },
      ],
    };
    // Planned in two chunks, the second with the first as its history (as the engine does).
    const first = planTimeline(program, catalogOf(long, show), { seed: 's', from: SUNDAY, until: SUNDAY + 15 * MIN });
    const last = plays(first).at(-1) as (typeof first)[number] & { nextStartMs: number };
    const second = planTimeline(program, catalogOf(long, show), {
      seed: 's',
      from: last.nextStartMs,
      until: SUNDAY + 40 * MIN,
      history: first,
    });
    const items = plays([...first, ...second]);
    const at = (ms: number) => items.find((i) => i.startMs === ms);
    expect(at(SUNDAY + 20 * MIN)).toMatchObject({ showId: 'a', trackId: 'long', nextStartMs: SUNDAY + 25 * MIN });
    expect(at(SUNDAY + 25 * MIN)).toMatchObject({ showId: 'b', trackId: 's' });
    const beforeA = items[items.indexOf(at(SUNDAY + 20 * MIN) as (typeof items)[number]) - 1];
    expect(beforeA).toMatchObject({ showId: null, nextStartMs: SUNDAY + 20 * MIN, endMs: SUNDAY + 20 * MIN + 3000 });
  });
});

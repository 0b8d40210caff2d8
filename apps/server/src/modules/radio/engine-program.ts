import type { RadioProgram } from './engine';
import type { ChannelRow } from './repo';

/** What `toEngineProgram` reads: the channel row, its slots and jingles, and playable tracks by playlist. */
export interface ProgramFacts {
  channel: Pick<
    ChannelRow,
    | 'id'
    | 'artistSeparation'
    | 'trackSeparationHours'
    | 'jingleEverySongs'
    | 'jingleEveryMinutes'
    | 'djGraceSeconds'
    | 'djOnlyInSlot'
    | 'goingLiveTrackId'
  >;
  rotations: { playlistId: string; weight: number }[];
  slots: {
    id: string;
    title: string;
    day: number;
    startMinute: number;
    durationMinutes: number;
    kind: 'playlist' | 'dj';
    playlistId: string | null;
  }[];
  jingles: { trackId: string }[];
  /** Playable track ids of each playlist, in order. */
  tracksOf: Map<string, string[]>;
}

/**
 * The channel's rows as the engine's program (engine/types.ts). Rotations and shows hold only
 * tracks everyone may hear now; a playlist slot whose playlist is gone or empty is left out (the
 * rotation plays on), and a DJ slot lets any of the channel's DJs in (the channel has one key).
 */
export function toEngineProgram(f: ProgramFacts): RadioProgram {
  const c = f.channel;
  const shows: RadioProgram['shows'] = [];
  for (const s of f.slots) {
    const base = {
      id: s.id,
      title: s.title,
      day: s.day,
      startMinute: s.startMinute,
      durationMinutes: s.durationMinutes,
    };
    if (s.kind === 'dj') shows.push({ ...base, kind: 'dj', djIds: [] });
    else {
      const trackIds = s.playlistId ? (f.tracksOf.get(s.playlistId) ?? []) : [];
      if (trackIds.length) shows.push({ ...base, kind: 'playlist', trackIds });
    }
  }
  const jingleIds = f.jingles.map((j) => j.trackId);
  const goingLiveTrackId = c.goingLiveTrackId ?? null;
  // Jingles by count or time need both a pool and a rule; the going-live jingle stands on its own.
  const rotating = jingleIds.length > 0 && !!(c.jingleEverySongs || c.jingleEveryMinutes);
  return {
    channelId: c.id,
    rotations: f.rotations
      .map((r) => ({ id: r.playlistId, weight: r.weight, trackIds: f.tracksOf.get(r.playlistId) ?? [] }))
      .filter((r) => r.trackIds.length > 0),
    noArtistRepeat: c.artistSeparation,
    noTrackRepeatHours: c.trackSeparationHours,
    shows,
    jingles:
      rotating || goingLiveTrackId
        ? {
            trackIds: rotating ? jingleIds : [],
            everySongs: rotating ? c.jingleEverySongs : null,
            everyMinutes: rotating ? c.jingleEveryMinutes : null,
            goingLiveTrackId,
          }
        : null,
    djGraceSeconds: c.djGraceSeconds,
    djOnlyInSlots: c.djOnlyInSlot,
  };
}

import type { TRadioProgram } from '@wavecast/shared';

/**
 * A channel's program that plays one playlist in rotation (none with `null`) and nothing else: no
 * slots, jingles or separation rules. `over` changes any field.
 */
export function rotationProgram(playlistId: string | null, over: Partial<TRadioProgram> = {}): TRadioProgram {
  return {
    rotations: playlistId ? [{ playlistId, weight: 1 }] : [],
    slots: [],
    jingleTrackIds: [],
    jingleEverySongs: null,
    jingleEveryMinutes: null,
    artistSeparation: 0,
    trackSeparationHours: 0,
    djGraceSeconds: 8,
    djOnlyInSlot: false,
    ...over,
  };
}

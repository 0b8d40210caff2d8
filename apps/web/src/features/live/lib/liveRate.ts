import { LIVE_PLAYER } from '@wavecast/shared';

export interface RateDecision {
  playbackRate: number;
  /** Seek this many seconds back from the buffered end (only when far behind). */
  seekBackBy?: number;
}

/**
 * How the live player keeps its small buffer (ADR 0042, 0061): `lag` is the audio buffered ahead of
 * the playhead. Too much: play 3 % faster (10 % when a stall left it far behind: the browser keeps
 * the pitch, and 3 % would take half a minute to work off a second); too little: 3 % slower, until
 * the target is crossed (hysteresis, so the rate does not flap at the band's edge). A jump only
 * when very far behind: every jump skips audio the listener never hears.
 */
export function liveRate(lag: number, current: number): RateDecision {
  const { targetLagSeconds: target, deadbandSeconds: band, rateStep, seekLagSeconds } = LIVE_PLAYER;
  if (lag > seekLagSeconds) return { playbackRate: 1, seekBackBy: target };
  if (lag > LIVE_PLAYER.catchUpLagSeconds) return { playbackRate: 1 + LIVE_PLAYER.catchUpRateStep };
  if (lag > target + band || (current > 1 && lag > target)) return { playbackRate: 1 + rateStep };
  if (lag < target - band || (current < 1 && lag < target)) return { playbackRate: 1 - rateStep };
  return { playbackRate: 1 };
}

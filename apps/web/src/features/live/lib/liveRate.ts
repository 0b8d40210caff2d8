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
 * when very far behind: every jump skips audio the listener never hears. While `joining` (the first
 * seconds played) nothing has been heard yet, so a backlog that built up while the element started is
 * skipped rather than worked off over tens of seconds.
 */
export function liveRate(lag: number, current: number, joining = false): RateDecision {
  const { targetLagSeconds: target, deadbandSeconds: band, rateStep } = LIVE_PLAYER;
  const seekLag = joining ? LIVE_PLAYER.catchUpLagSeconds : LIVE_PLAYER.seekLagSeconds;
  if (lag > seekLag) return { playbackRate: 1, seekBackBy: target };
  const catchUp = 1 + LIVE_PLAYER.catchUpRateStep;
  // Caught up to below the threshold's lower edge before easing off (the lag moves in the size of
  // each arriving chunk: without the band the rate would flip at every check).
  if (lag > LIVE_PLAYER.catchUpLagSeconds || (current >= catchUp && lag > LIVE_PLAYER.catchUpLagSeconds - band))
    return { playbackRate: catchUp };
  if (lag > target + band || (current > 1 && lag > target)) return { playbackRate: 1 + rateStep };
  if (lag < target - band || (current < 1 && lag < target)) return { playbackRate: 1 - rateStep };
  return { playbackRate: 1 };
}

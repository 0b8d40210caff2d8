/** A linear gain ramp over absolute frames (the auto-DJ's fade at a takeover and back). */
export interface Ramp {
  from: number;
  to: number;
  startFrame: number;
  frames: number;
}

export function rampAt(r: Ramp, frame: number): number {
  if (frame <= r.startFrame) return r.from;
  if (frame >= r.startFrame + r.frames) return r.to;
  return r.from + ((r.to - r.from) * (frame - r.startFrame)) / r.frames;
}

/**
 * An item's own gain at `frame`: a short fade-in against clicks at its cue-in, and a linear
 * fade to silence over its crossfade (from when the next item starts to its cue-out).
 */
export function itemGainAt(
  frame: number,
  v: { startFrame: number; endFrame: number; fadeOutFrom: number | null; fadeInFrames: number },
): number {
  let g = 1;
  const sinceStart = frame - v.startFrame;
  if (sinceStart < v.fadeInFrames) g *= Math.max(0, sinceStart / v.fadeInFrames);
  if (v.fadeOutFrom !== null && frame >= v.fadeOutFrom) {
    g *= Math.max(0, (v.endFrame - frame) / Math.max(1, v.endFrame - v.fadeOutFrom));
  }
  return g;
}

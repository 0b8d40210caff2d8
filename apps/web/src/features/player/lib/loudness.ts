/** Bounds of the loudness correction, so a bad measurement can neither blast nor silence a track. */
export const MIN_GAIN_DB = -20;
export const MAX_GAIN_DB = 10;

/** Linear gain for a track's stored loudness correction (EBU R128): 10^(dB/20), clamped; 1 when unknown. */
export function gainFromDb(gainDb: number | null | undefined): number {
  if (gainDb == null || !Number.isFinite(gainDb)) return 1;
  const db = Math.min(MAX_GAIN_DB, Math.max(MIN_GAIN_DB, gainDb));
  return 10 ** (db / 20);
}

type AudioContextCtor = typeof AudioContext;

/**
 * Routes the one <audio> element through a GainNode. Creating the graph needs same-origin audio
 * (ours is) and an AudioContext resumed on a user gesture; anything failing leaves plain playback.
 */
export class LoudnessGraph {
  private ctx?: AudioContext;
  private gain?: GainNode;
  private failed = false;
  private pendingGain = 1;

  constructor(private readonly element: HTMLMediaElement) {}

  /** Call from a user gesture (click, key, media key) so the context may start. */
  enable() {
    if (this.failed) return;
    try {
      if (!this.ctx) {
        const Ctor: AudioContextCtor | undefined =
          globalThis.AudioContext ??
          (globalThis as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext;
        if (!Ctor) {
          this.failed = true;
          return;
        }
        const ctx = new Ctor();
        const source = ctx.createMediaElementSource(this.element);
        const gain = ctx.createGain();
        gain.gain.value = this.pendingGain;
        source.connect(gain).connect(ctx.destination);
        this.ctx = ctx;
        this.gain = gain;
      }
      if (this.ctx.state === 'suspended') void this.ctx.resume().catch(() => {});
    } catch {
      // Plain playback through the element is the fallback.
      this.failed = true;
    }
  }

  setGain(linear: number) {
    this.pendingGain = linear;
    if (this.gain && this.ctx) this.gain.gain.setValueAtTime(linear, this.ctx.currentTime);
  }

  get active() {
    return !!this.gain;
  }
}

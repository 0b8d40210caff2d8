import type { MediaReading } from '@wavecast/shared';
import type { Rng } from './rng';

/**
 * A media element in virtual time: it runs on its device's crystal (`drift`), takes a while from
 * play() to sound (`startLatency`, plus a little each time), is not ready for a while after a seek,
 * and reads its position with a little noise, as `<audio>` does.
 */
export class SimMedia {
  private pos = 0;
  private last = 0;
  private playing = false;
  private movingFrom = 0;
  private readyAt = 0;
  rate = 1;
  /** Muted: plays, but nobody hears it (a pre-roll). */
  muted = false;
  /** The largest |rate − 1| ever set while playing. */
  maxRateOffset = 0;

  constructor(
    private readonly rng: Rng,
    private readonly drift: number,
    private readonly startLatency: number,
  ) {}

  private advance(t: number) {
    if (this.playing && t > this.movingFrom) {
      const from = Math.max(this.last, this.movingFrom);
      if (t > from) this.pos += (t - from) * this.rate * (1 + this.drift);
    }
    this.last = Math.max(this.last, t);
  }

  /** Position heard at true time `t` (no reading noise). */
  heard(t: number): number {
    this.advance(t);
    return this.pos;
  }

  get isPlaying() {
    return this.playing;
  }

  /** Whether it is heard at true time `t`: playing, unmuted and its audio moving. */
  audible(t: number): boolean {
    return this.playing && !this.muted && t >= this.movingFrom;
  }

  read(t: number): MediaReading {
    this.advance(t);
    return { positionMs: this.pos + this.rng.between(-1, 1), paused: !this.playing, ready: t >= this.readyAt };
  }

  play(t: number) {
    this.advance(t);
    if (this.playing) return;
    this.playing = true;
    this.movingFrom = Math.max(t + this.startLatency + this.rng.between(-3, 3), this.readyAt);
  }

  pause(t: number) {
    this.advance(t);
    this.playing = false;
  }

  seek(t: number, positionMs: number) {
    this.advance(t);
    this.pos = positionMs;
    this.readyAt = t + this.rng.between(20, 150);
    if (this.playing) this.movingFrom = this.readyAt;
  }

  /** Stops delivering audio (a network stall) until `until`. */
  stall(t: number, until: number) {
    this.advance(t);
    this.readyAt = until;
    if (this.playing) this.movingFrom = until;
  }

  setRate(t: number, rate: number) {
    this.advance(t);
    this.rate = rate;
    this.maxRateOffset = Math.max(this.maxRateOffset, Math.abs(rate - 1));
  }
}

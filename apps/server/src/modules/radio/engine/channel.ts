import type { RadioChannelHandle, RadioOutput, RadioProgram, TrackLibrary } from './types';

export interface RadioChannelOptions {
  library: TrackLibrary;
  output: RadioOutput;
  /** Same seed, program and start instant → the same timeline. */
  seed: string;
  /** When the timeline starts (default: now). */
  startAt?: number;
  /** PCM rate of the mix (default 48 kHz; tests and benches may lower it). */
  sampleRate?: number;
  /** false: render as fast as possible (offline renders); default true (real time, a little ahead). */
  realTime?: boolean;
  ffmpegPath?: string;
  log?: (msg: string, err?: unknown) => void;
}

export function startRadioChannel(_program: RadioProgram, _opts: RadioChannelOptions): RadioChannelHandle {
  throw new Error('not implemented yet');
}

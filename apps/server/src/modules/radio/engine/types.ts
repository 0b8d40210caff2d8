import type { Readable } from 'node:stream';
import type { LiveInputFormat } from '../../../media/live-transcode';

/**
 * The radio engine's contract (issue 38, ADR 0055). The channel side (CRUD, programs in the
 * database, pages) builds a `RadioProgram` as a plain object and hands it to the engine; the engine
 * never reads the channels' tables. Names here are stable: add, don't rename.
 */

/** A weighted pool of tracks the auto-DJ draws from outside show slots. */
export interface RadioRotation {
  id: string;
  /** Relative weight (> 0): a rotation of weight 3 is drawn three times as often as one of weight 1. */
  weight: number;
  trackIds: string[];
}

/** A weekly slot (UTC): plays a playlist in order, or is reserved for a DJ. */
export type RadioShowSlot = {
  id: string;
  title: string;
  /** 0 = Sunday … 6 = Saturday (UTC). */
  day: number;
  /** Minutes after midnight UTC the slot starts (0–1439). */
  startMinute: number;
  durationMinutes: number;
} & (
  | { kind: 'playlist'; trackIds: string[] }
  /** Reserved for a DJ: the auto-DJ keeps the rotation going until one connects. `djIds`: who may (empty: any of the channel's DJs). */
  | { kind: 'dj'; djIds: string[] }
);

export interface RadioJingles {
  trackIds: string[];
  /** A jingle after every N songs (null: not by count). */
  everySongs: number | null;
  /** A jingle once at least this many minutes passed since the last (null: not by time). */
  everyMinutes: number | null;
  /** Played between the auto-DJ's fade-out and the DJ's first audio at a takeover (null: none). */
  goingLiveTrackId: string | null;
}

/** Everything the engine needs to know about a channel's programming. */
export interface RadioProgram {
  channelId: string;
  rotations: RadioRotation[];
  /** No artist heard again within this many tracks (0: no rule). */
  noArtistRepeat: number;
  /** No track heard again within this many hours (0: no rule). */
  noTrackRepeatHours: number;
  shows: RadioShowSlot[];
  jingles: RadioJingles | null;
  /** After a DJ's input ends, how long the set stays theirs to resume (default RADIO_DEFAULTS.djGraceSeconds). */
  djGraceSeconds: number;
  /** A DJ may take over only inside a `dj` show slot that lists them (or lists nobody). */
  djOnlyInSlots: boolean;
  /** Crossfade length between tracks in seconds, where the tracks' own cue points leave it open (default 3). */
  crossfadeSeconds?: number;
}

/** Cue points computed once at upload from 100 ms loudness frames (`track_cues`, migration 0042). */
export interface TrackCues {
  /** Integrated loudness (EBU R128) of the whole file. */
  integratedLufs: number | null;
  peakDbfs: number | null;
  /** Where the audio starts after leading silence. */
  cueInMs: number;
  /** Where the audio ends before trailing silence. */
  cueOutMs: number;
  /** Where the next item may start mixing in (the track's own fade or tail begins). */
  crossfadeStartMs: number;
}

/** A track as the engine plans with it: metadata, cue points and where its audio is. */
export interface RadioTrack {
  id: string;
  title: string;
  artistId: string;
  artistName: string;
  durationMs: number;
  cues: TrackCues;
  /** A local file ffmpeg can read (the library copies a storage object to a temp file when needed). */
  path: string;
}

/** Resolves track ids (rotations, shows, jingles) to playable tracks; unknown or unplayable ids are left out. */
export interface TrackLibrary {
  load(trackIds: string[]): Promise<Map<string, RadioTrack>>;
}

/** One planned item of the deterministic timeline; times are epoch milliseconds. */
export type TimelineItem =
  | {
      kind: 'track' | 'jingle';
      trackId: string;
      /** When the item's first audio (its cue-in) is heard. */
      startMs: number;
      /** When the next item starts (this item's crossfade start, or its end when followed by a hard cut). */
      nextStartMs: number;
      /** When this item's audio ends (its cue-out). */
      endMs: number;
      /** Gain bringing the item to the target loudness. */
      gainDb: number;
      /** The show slot it belongs to (null: the rotation). */
      showId: string | null;
      rotationId: string | null;
    }
  | {
      /** A DJ-reserved slot's span (informative: the auto-DJ items go on under it until a DJ connects). */
      kind: 'dj-slot';
      showId: string;
      startMs: number;
      endMs: number;
    };

/** What the channel plays now, published at every boundary (track, jingle, DJ). */
export interface RadioNowPlaying {
  channelId: string;
  kind: 'track' | 'jingle' | 'dj' | 'silence';
  trackId: string | null;
  title: string;
  artist: string | null;
  /** Epoch ms when listeners hear it begin (the output's real-time clock). */
  startedAt: number;
  /** null for a DJ set (open-ended). */
  durationMs: number | null;
  showId: string | null;
  /** The DJ's display name during a set. */
  djName: string | null;
}

/** A DJ's encoded audio from the ingest paths (Icecast, SHOUTcast, RTMP). */
export interface DjInput {
  /** Encoded audio as it arrives; its end (or an error) is the DJ leaving. */
  source: Readable;
  format: LiveInputFormat;
  djName: string;
  /** The DJ's account (checked against `dj` slots when `djOnlyInSlots`). */
  djId: string;
}

/** A takeover in progress; `leave()` is the same as the input ending. */
export interface DjSession {
  /** Resolves once the DJ is on air (their first audio heard), rejects if the takeover was refused. */
  readonly onAir: Promise<void>;
  leave(): void;
  /** What the DJ's encoder says plays (its metadata update); empty goes back to the set's own title. */
  setTitle(text: string): void;
}

export type RadioEvent =
  | { type: 'nowPlaying'; nowPlaying: RadioNowPlaying }
  /** A track or jingle finished playing to listeners (for radio-play analytics): heard ms of it. */
  | { type: 'played'; channelId: string; trackId: string; kind: 'track' | 'jingle'; startedAt: number; heardMs: number }
  | { type: 'djOnAir'; channelId: string; djId: string; djName: string; at: number }
  /** The DJ's input ended; the set ends for good after the grace unless they come back. */
  | { type: 'djLeft'; channelId: string; djId: string; at: number }
  | { type: 'djEnded'; channelId: string; djId: string; at: number }
  /** The engine ended a DJ's set itself (a DJ-only channel's slot is over): their connection may close now. */
  | { type: 'djCut'; channelId: string; djId: string; reason: 'slot-over'; at: number }
  | { type: 'error'; channelId: string; message: string };

/** Where the rendered WebM/Opus goes: by default a relay hub publisher (listeners, ICY, LL-HLS). */
export interface RadioOutput {
  /** One chunk of WebM/Opus, already paced to real time (a little ahead). */
  push(chunk: Buffer): void;
  /** Now-playing text for ICY/HLS metadata ("Artist - Title"). */
  title(text: string | null): void;
  end(): void;
}

/** Starts a channel with a program; what the engine returns. */
export interface RadioChannelHandle {
  readonly channelId: string;
  /** Replaces the program from the next item boundary (the items already rendered stay). */
  updateProgram(program: RadioProgram): void;
  /** A DJ's input takes over (refused with RadioTakeoverRefused when `djOnlyInSlots` forbids it or one is on). */
  takeover(input: DjInput): DjSession;
  nowPlaying(): RadioNowPlaying | null;
  /** The timeline heard and planned (absolute times, oldest first): another process's `resume` goes on from it. */
  resumePoint(): TimelineItem[];
  /** Epoch ms up to which the output is rendered (ahead of the wall clock by renderAheadMs to renderAheadMs + 250 ms while keeping up: batches, ADR 0080). */
  renderedUntil(): number;
  /** The last items heard, newest first (at most RADIO_DEFAULTS.historySize). */
  history(): RadioNowPlaying[];
  on(fn: (e: RadioEvent) => void): () => void;
  /** Settles when the channel has ended (stopped, or an offline render reached its end). */
  readonly finished: Promise<void>;
  /** Fades out (0.5 s) and ends the output. */
  stop(): Promise<void>;
}

export class RadioTakeoverRefused extends Error {
  constructor(readonly reason: 'dj-on-air' | 'outside-slot' | 'stopped') {
    super(
      reason === 'dj-on-air'
        ? 'Another DJ is on air'
        : reason === 'outside-slot'
          ? 'This channel takes DJs only in their show slot'
          : 'The channel is not running',
    );
  }
}

/** The engine's constants (the numbers), in one place. */
export const RADIO_DEFAULTS = {
  targetLufs: -16,
  /** The DJ's input buffered before the auto-DJ fades out. */
  djBufferMs: 2000,
  /** The auto-DJ's fade at a takeover and when it comes back. */
  takeoverFadeMs: 1000,
  djGraceSeconds: 8,
  crossfadeSeconds: 3,
  /** How far ahead of real time the renderer keeps its output. */
  renderAheadMs: 1500,
  sampleRate: 48_000,
  historySize: 20,
  /** Loudness frame length for cue analysis (AutoCue's). */
  frameMs: 100,
} as const;

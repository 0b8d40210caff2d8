import { AppError, badRequest, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { HlsPackager } from '../../relay/hls';
import { HLS_TARGET_DURATION } from '../../relay/hls-playlist';
import type { NowPlayingWatch } from './now-playing';
import type { LiveRuntime } from './runtime';
import type { LiveStreams } from './streams';

/**
 * A packaging run nobody asked anything of for this long (since its last answer; never while a
 * request waits on it) stops: streams nobody plays over HLS cost nothing.
 */
const IDLE_MS = 30_000;
/** The first playlist waits this long for the first segment (ffmpeg start + ~1.5 s), under hls.js's 10 s timeout. */
const FIRST_PART_WAIT_MS = 8_000;
/** Blocking reloads and preload-hinted parts wait at most 3 target durations (RFC 8216bis). */
const BLOCK_MS = 3 * HLS_TARGET_DURATION * 1000;
/** Finished runs keep answering (with ENDLIST) this long, so players end instead of erroring. */
const ENDED_LINGER_MS = 30_000;

export interface HlsFile {
  type: string;
  cache: string;
  body: Buffer | string;
}

const PLAYLIST = 'application/vnd.apple.mpegurl';
const MEDIA = 'audio/mp4';
const NO_CACHE = 'no-cache';
/** A run's URIs are unique to it, so its bytes never change. */
const IMMUTABLE = 'public, max-age=60, immutable';

/**
 * HLS for listeners whose browser cannot play WebM/Opus through MSE: a packaging run per stream,
 * started on the first HLS request on whichever process holds the broadcast's session, stopped
 * after IDLE_MS without requests or once the broadcast ends.
 */
export class LiveHls {
  private readonly runs = new Map<string, HlsPackager>();
  private readonly idleTimer: NodeJS.Timeout;
  /** Tests shorten it. */
  idleMs = IDLE_MS;

  private readonly offNowPlaying: () => void;

  constructor(
    private readonly rt: LiveRuntime,
    private readonly streams: LiveStreams,
    nowPlaying: NowPlayingWatch,
  ) {
    this.idleTimer = setInterval(() => this.stopIdle(), 1_000);
    this.idleTimer.unref();
    // Now playing goes into the playlist as EXT-X-DATERANGE X-TITLE (ADR 0045).
    this.offNowPlaying = nowPlaying.onChange((id, title) => this.runs.get(id)?.playlist.setTitle(title));
  }

  /** The media playlist; `msn`/`part` make it a blocking reload (`_HLS_msn`, `_HLS_part`). */
  async playlist(user: SessionUser | null, id: string, msn?: number, part?: number): Promise<HlsFile> {
    const run = await this.runFor(user, id);
    const pl = run.playlist;
    if (!pl.hasMedia) await run.waitFor(() => pl.hasMedia, FIRST_PART_WAIT_MS);
    if (!pl.hasMedia) throw new AppError('UNAVAILABLE', 'Live audio is starting, try again');
    if (msn !== undefined) {
      // RFC 8216bis: a request more than two segments ahead is a client error.
      if (msn > pl.current.msn + 2) throw badRequest('That segment is too far ahead');
      await run.waitFor(() => pl.has(msn, part), BLOCK_MS);
    }
    return { type: PLAYLIST, cache: NO_CACHE, body: pl.render() };
  }

  /** init.mp4, a part (`p<msn>.<i>.m4s`, waits when preload-hinted) or a segment (`s<msn>.m4s`) of a run. */
  async file(user: SessionUser | null, id: string, runId: string, name: string): Promise<HlsFile> {
    const run = await this.runFor(user, id);
    if (run.run !== runId) throw notFound('Live segment');
    const pl = run.playlist;
    if (name === 'init.mp4' && pl.init) return { type: MEDIA, cache: IMMUTABLE, body: pl.init };
    const partName = /^p(\d{1,9})\.(\d{1,2})\.m4s$/.exec(name);
    if (partName) {
      const [msn, index] = [Number(partName[1]), Number(partName[2])];
      if (!pl.part(msn, index) && pl.isUpcoming(msn, index)) {
        await run.waitFor(() => pl.part(msn, index) !== undefined, BLOCK_MS);
      }
      const part = pl.part(msn, index);
      if (part) return { type: MEDIA, cache: IMMUTABLE, body: part.bytes };
    }
    const segName = /^s(\d{1,9})\.m4s$/.exec(name);
    const segment = segName ? pl.segment(Number(segName[1])) : undefined;
    if (segment) return { type: MEDIA, cache: IMMUTABLE, body: segment };
    throw notFound('Live segment');
  }

  /** The run token of the stream's packaging run in this process, if one is running. */
  runOf(id: string): string | null {
    return this.runs.get(id)?.run ?? null;
  }

  /** The stream is hidden now (its owner suspended or deleted): its run goes at once, no ended playlist lingers. */
  forget(id: string): void {
    const run = this.runs.get(id);
    if (!run) return;
    this.runs.delete(id);
    run.stop();
  }

  close(): void {
    clearInterval(this.idleTimer);
    this.offNowPlaying();
    for (const run of [...this.runs.values()]) run.stop();
  }

  /** The stream's running packager, started here when the broadcast is on air in this process. */
  private async runFor(user: SessionUser | null, id: string): Promise<HlsPackager> {
    const existing = this.runs.get(id);
    if (existing) {
      existing.lastRequestAt = Date.now();
      return existing;
    }
    // What plays when the run starts (later changes come over the bus); a stream this viewer may
    // not see fails below as before.
    const nowPlaying = await this.streams.get(user, id).then(
      (s) => s.nowPlaying,
      () => null,
    );
    // The publisher's session here, or a mirror of a broadcast published on another process.
    const session = await this.rt.hub.open(id);
    const raced = this.runs.get(id);
    if (raced) return raced;
    if (!session || session.isEnded) {
      await this.streams.get(user, id); // 404 for a stream that does not exist
      throw notFound('Live audio');
    }
    const run = new HlsPackager(session, (gone) => this.gone(gone), this.rt.log, this.rt.ctx.config.FFMPEG_PATH);
    run.playlist.setTitle(nowPlaying);
    this.runs.set(id, run);
    return run;
  }

  private gone(run: HlsPackager): void {
    if (this.runs.get(run.streamId) !== run) return;
    if (!run.playlist.ended) {
      this.runs.delete(run.streamId);
      return;
    }
    setTimeout(() => {
      if (this.runs.get(run.streamId) === run) this.runs.delete(run.streamId);
    }, ENDED_LINGER_MS).unref();
  }

  private stopIdle(): void {
    const now = Date.now();
    for (const run of [...this.runs.values()]) {
      if (!run.playlist.ended && !run.answering && now - run.lastRequestAt > this.idleMs) run.stop();
    }
  }
}

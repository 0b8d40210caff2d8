import { emsgId3 } from './timed-metadata';

/**
 * The LL-HLS media playlist of one packaging run, kept in memory: segments of about 2 s made of
 * ~0.34 s parts (RFC 8216bis: EXT-X-PART, EXT-X-PRELOAD-HINT, blocking reload). Pure bookkeeping,
 * no I/O: the packager feeds it fragments, the routes read it.
 */
export const HLS_PARTS_PER_SEGMENT = 6;
/** Seconds, rounded up as EXT-X-TARGETDURATION requires (6 parts of 1024-sample AAC frames at 48 kHz are 2.048 s). */
export const HLS_TARGET_DURATION = 2;
/** Upper bound of a part's duration (16 AAC frames at 48 kHz = 0.3413 s). */
export const HLS_PART_TARGET = 0.342;
/** How far behind the newest part players start: 3 part targets, the RFC's recommendation. */
export const HLS_PART_HOLD_BACK = 3 * HLS_PART_TARGET;
/** Complete segments kept (and listed): about 12 s a late player may start from. */
const SEGMENTS_KEPT = 6;
/** Complete segments that still list their parts (the RFC: within 3 target durations of the end). */
const SEGMENTS_WITH_PARTS = 2;

export interface HlsPart {
  bytes: Buffer;
  duration: number;
}

interface Segment {
  msn: number;
  parts: HlsPart[];
  complete: boolean;
  /** Wall-clock start of its first part (ms since the epoch): EXT-X-PROGRAM-DATE-TIME. */
  startedAt?: number;
}

/**
 * A "now playing" change: an EXT-X-DATERANGE with X-TITLE in the playlist (hls.js: `details.dateRanges`)
 * and an ID3 TIT2 in the media (hls.js: cues on the "id3" metadata track).
 */
interface TitleChange {
  id: number;
  at: number;
  title: string;
}

/** A quoted-string attribute value may hold no double quote, CR or LF (RFC 8216 §4.2). */
const quoted = (s: string) => s.replace(/["\r\n]/g, (c) => (c === '"' ? "'" : ' '));

export class HlsPlaylist {
  init: Buffer | null = null;
  ended = false;
  private readonly segments: Segment[] = [{ msn: 0, parts: [], complete: false }];
  private titles: TitleChange[] = [];
  private nextTitleId = 0;
  /** The title change last put into the media (emsg/ID3), -1: none yet. */
  private titleInMedia = -1;

  constructor(private readonly prefix: string) {}

  get current(): Segment {
    return this.segments[this.segments.length - 1];
  }

  /**
   * Enough for a player to start: a complete segment (hls.js calls a playlist of parts alone
   * empty and retries 2 s later), which is also more than PART-HOLD-BACK's worth of parts.
   */
  get hasMedia(): boolean {
    return this.init !== null && (this.ended || this.current.msn > 0);
  }

  /**
   * The stream's now playing changed at `at` (ms since the epoch; null: cleared, an empty title).
   * Only the changes since the oldest listed segment are kept, and the one in force before it.
   */
  setTitle(title: string | null, at = Date.now()): void {
    if ((title ?? '') === (this.titles.at(-1)?.title ?? '')) return;
    this.titles.push({ id: this.nextTitleId++, at, title: title ?? '' });
  }

  addPart(part: HlsPart, now = Date.now()): void {
    if (this.ended) return;
    const seg = this.current;
    seg.startedAt ??= now - part.duration * 1000;
    seg.parts.push(this.withTitle(part, seg.parts.length === 0));
    if (seg.parts.length < HLS_PARTS_PER_SEGMENT) return;
    seg.complete = true;
    this.segments.push({ msn: seg.msn + 1, parts: [], complete: false });
    while (this.segments.filter((s) => s.complete).length > SEGMENTS_KEPT) this.segments.shift();
    const from = this.segments[0].startedAt ?? 0;
    while (this.titles.length > 1 && this.titles[1].at <= from) this.titles.shift();
  }

  /**
   * The title in force as timed metadata ahead of the part (an emsg box with ID3, read by hls.js):
   * on the part after a change, and again at each segment's start for players that join later.
   */
  private withTitle(part: HlsPart, segmentStart: boolean): HlsPart {
    const t = this.titles.at(-1);
    if (!t || (t.id === this.titleInMedia && !segmentStart)) return part;
    this.titleInMedia = t.id;
    return t.title ? { ...part, bytes: Buffer.concat([emsgId3(t.title, t.id), part.bytes]) } : part;
  }

  /** The broadcast ended: the partial segment becomes the last one, players see ENDLIST. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    const seg = this.current;
    if (seg.parts.length > 0) seg.complete = true;
    else if (this.segments.length > 1) this.segments.pop();
  }

  /**
   * Whether part `part` of segment `msn` exists (without a part: the whole segment), for blocking
   * reloads. A part index past a segment's last part means the next segment's parts (RFC 8216bis):
   * every segment but the last has exactly HLS_PARTS_PER_SEGMENT parts.
   */
  has(msn: number, part?: number): boolean {
    if (this.ended) return true;
    const cur = this.current;
    if (part === undefined) return msn < cur.msn;
    return msn * HLS_PARTS_PER_SEGMENT + part < cur.msn * HLS_PARTS_PER_SEGMENT + cur.parts.length;
  }

  part(msn: number, index: number): HlsPart | undefined {
    return this.segments.find((s) => s.msn === msn)?.parts[index];
  }

  /** A complete segment's bytes (its parts back to back), or undefined. */
  segment(msn: number): Buffer | undefined {
    const seg = this.segments.find((s) => s.msn === msn && s.complete);
    return seg ? Buffer.concat(seg.parts.map((p) => p.bytes)) : undefined;
  }

  /** Whether a request for this part may wait for it (it is the next one or the one after). */
  isUpcoming(msn: number, index: number): boolean {
    if (this.ended) return false;
    const cur = this.current;
    const ahead = (msn - cur.msn) * HLS_PARTS_PER_SEGMENT + index - cur.parts.length;
    return ahead >= 0 && ahead < 2 * HLS_PARTS_PER_SEGMENT;
  }

  render(): string {
    const first = this.segments[0];
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      `#EXT-X-TARGETDURATION:${HLS_TARGET_DURATION}`,
      `#EXT-X-PART-INF:PART-TARGET=${HLS_PART_TARGET}`,
      `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${HLS_PART_HOLD_BACK.toFixed(3)}`,
      `#EXT-X-MEDIA-SEQUENCE:${first.msn}`,
      '#EXT-X-INDEPENDENT-SEGMENTS',
      `#EXT-X-MAP:URI="${this.prefix}/init.mp4"`,
    ];
    for (const t of this.titles) {
      lines.push(
        `#EXT-X-DATERANGE:ID="np-${t.id}",CLASS="com.wavecast.now-playing",START-DATE="${new Date(t.at).toISOString()}",X-TITLE="${quoted(t.title)}"`,
      );
    }
    const complete = this.segments.filter((s) => s.complete);
    complete.forEach((seg, i) => {
      this.renderDate(seg, lines);
      if (complete.length - i <= SEGMENTS_WITH_PARTS) this.renderParts(seg, lines);
      const duration = seg.parts.reduce((n, p) => n + p.duration, 0);
      lines.push(`#EXTINF:${duration.toFixed(5)},`, `${this.prefix}/s${seg.msn}.m4s`);
    });
    const cur = this.current;
    if (this.ended) lines.push('#EXT-X-ENDLIST');
    else {
      if (cur.parts.length > 0) this.renderDate(cur, lines);
      this.renderParts(cur, lines);
      lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${this.prefix}/p${cur.msn}.${cur.parts.length}.m4s"`);
    }
    return `${lines.join('\n')}\n`;
  }

  /** Each segment's wall-clock start: date ranges need one (RFC 8216 §4.3.2.7), players sync titles with it. */
  private renderDate(seg: Segment, lines: string[]): void {
    if (seg.startedAt !== undefined) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(seg.startedAt).toISOString()}`);
  }

  private renderParts(seg: Segment, lines: string[]): void {
    seg.parts.forEach((p, i) => {
      lines.push(
        `#EXT-X-PART:DURATION=${p.duration.toFixed(5)},URI="${this.prefix}/p${seg.msn}.${i}.m4s",INDEPENDENT=YES`,
      );
    });
  }
}

import {
  children,
  EBML_ID,
  EBML_MAGIC,
  EbmlError,
  element,
  readElementHeader,
  readFloat,
  readUint,
  SEGMENT_CHILDREN,
  unknownSizeHeader,
} from './ebml';

/** Bytes that are not a WebM stream we can relay. `notWebm`: it did not even start like one. */
export class WebmError extends EbmlError {
  constructor(
    message: string,
    readonly notWebm = false,
  ) {
    super(message);
  }
}

export interface AudioTrack {
  number: number;
  codecId: string;
  channels: number;
  samplingFrequency: number;
  codecPrivate: Buffer | null;
}

export interface WebmHeader {
  /** EBML header + Segment (unknown size) + Info (without Duration) + Tracks: what a late joiner needs first. */
  bytes: Buffer;
  timecodeScale: number;
  track: AudioTrack;
}

export interface DemuxSink {
  header(h: WebmHeader): void;
  cluster(timecode: number): void;
  /** A whole SimpleBlock or BlockGroup element of the audio track; `relative` is its int16 timecode. */
  block(bytes: Buffer, relative: number): void;
}

/** Largest element we buffer whole (a block at 64 kbit/s is a few hundred bytes). */
const MAX_ELEMENT = 1024 * 1024;
const MAX_HEADER_ELEMENT = 256 * 1024;

type State = 'ebml' | 'segment' | 'level1' | 'cluster';

/**
 * Incremental WebM parser for MediaRecorder output (and other WebM audio): bytes go in as they
 * arrive, in any cuts; out come the header once, cluster starts and whole blocks. Handles Chrome's
 * unknown-size Cluster per chunk and Firefox's 1 s known-size Clusters cut across chunks, and
 * finds the Opus track by its entry (Firefox numbers it 2).
 */
export class WebmDemuxer {
  private buf: Buffer = Buffer.alloc(0);
  private state: State = 'ebml';
  private skip = 0;
  /** Bytes left in the current known-size Cluster; null for unknown size. */
  private clusterLeft: number | null = null;
  private info: Buffer | null = null;
  private tracks: Buffer | null = null;
  private ebmlHeader: Buffer | null = null;
  private header: WebmHeader | null = null;
  private haveTimecode = false;

  constructor(private readonly sink: DemuxSink) {}

  get headerSeen(): boolean {
    return this.header !== null;
  }

  push(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    let pos = 0;
    try {
      pos = this.parse();
    } finally {
      this.buf = pos >= this.buf.length ? Buffer.alloc(0) : this.buf.subarray(pos);
    }
  }

  /** Consumes what it can; returns the position of the first unconsumed byte. */
  private parse(): number {
    const buf = this.buf;
    let pos = 0;
    for (;;) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, buf.length - pos);
        this.skip -= n;
        pos += n;
        if (this.clusterLeft !== null && this.state === 'cluster') this.clusterLeft -= n;
        if (this.skip > 0) return pos;
        continue;
      }
      if (this.state === 'ebml') {
        const need = Math.min(EBML_MAGIC.length, buf.length - pos);
        if (!buf.subarray(pos, pos + need).equals(EBML_MAGIC.subarray(0, need))) {
          throw new WebmError('Not a WebM stream', true);
        }
      }
      if (this.state === 'cluster' && this.clusterLeft === 0) {
        this.state = 'level1';
        this.clusterLeft = null;
        continue;
      }
      const h = readElementHeader(buf, pos);
      if (!h) return pos;
      switch (this.state) {
        case 'ebml': {
          if (h.size === null || h.size > 4096) throw new WebmError('Invalid EBML header', true);
          if (pos + h.headerLength + h.size > buf.length) return pos;
          const payload = buf.subarray(pos + h.headerLength, pos + h.headerLength + h.size);
          let docType = '';
          for (const c of children(payload)) if (c.id === EBML_ID.DocType) docType = c.data.toString('latin1');
          if (docType !== 'webm' && docType !== 'matroska') throw new WebmError('Not a WebM stream', true);
          this.ebmlHeader = Buffer.from(buf.subarray(pos, pos + h.headerLength + h.size));
          pos += h.headerLength + h.size;
          this.state = 'segment';
          break;
        }
        case 'segment': {
          if (h.id !== EBML_ID.Segment) throw new WebmError('Expected a Segment');
          // Its size is irrelevant for a live stream: we read children until the bytes stop.
          pos += h.headerLength;
          this.state = 'level1';
          break;
        }
        case 'level1': {
          if (h.id === EBML_ID.Cluster) {
            if (!this.header) this.emitHeader();
            pos += h.headerLength;
            this.state = 'cluster';
            this.clusterLeft = h.size;
            this.haveTimecode = false;
            break;
          }
          if (h.id === EBML_ID.EBML) throw new WebmError('A second WebM stream started in the same connection');
          if (h.size === null) throw new WebmError('Unknown-size element outside a Cluster');
          if ((h.id === EBML_ID.Info || h.id === EBML_ID.Tracks) && !this.header) {
            if (h.size > MAX_HEADER_ELEMENT) throw new WebmError('Header element too large');
            if (pos + h.headerLength + h.size > buf.length) return pos;
            const whole = Buffer.from(buf.subarray(pos, pos + h.headerLength + h.size));
            if (h.id === EBML_ID.Info) this.info = whole;
            else this.tracks = whole;
            pos += h.headerLength + h.size;
            break;
          }
          // SeekHead, Cues, Tags, Void…: nothing a live listener needs.
          pos += h.headerLength;
          this.skip = h.size;
          break;
        }
        case 'cluster': {
          if (SEGMENT_CHILDREN.has(h.id) || h.id === EBML_ID.EBML) {
            if (this.clusterLeft !== null) throw new WebmError('Cluster overruns its size');
            this.state = 'level1';
            break;
          }
          if (h.size === null) throw new WebmError('Unknown-size element inside a Cluster');
          const total = h.headerLength + h.size;
          if (this.clusterLeft !== null && total > this.clusterLeft)
            throw new WebmError('Element overruns its Cluster');
          if (h.id === EBML_ID.Timecode || h.id === EBML_ID.SimpleBlock || h.id === EBML_ID.BlockGroup) {
            if (total > MAX_ELEMENT) throw new WebmError('Element too large');
            if (pos + total > buf.length) return pos;
            const whole = buf.subarray(pos, pos + total);
            pos += total;
            if (this.clusterLeft !== null) this.clusterLeft -= total;
            this.cluster(h.id, whole, h.headerLength);
          } else {
            pos += h.headerLength;
            if (this.clusterLeft !== null) this.clusterLeft -= h.headerLength;
            this.skip = h.size;
          }
          break;
        }
      }
    }
  }

  private cluster(id: number, whole: Buffer, headerLength: number): void {
    const data = whole.subarray(headerLength);
    if (id === EBML_ID.Timecode) {
      this.haveTimecode = true;
      this.sink.cluster(readUint(data));
      return;
    }
    if (!this.haveTimecode) throw new WebmError('Block before the Cluster Timecode');
    const block = id === EBML_ID.SimpleBlock ? data : findBlock(data);
    const track = readTrackNumber(block);
    if (track !== this.header?.track.number) return;
    this.sink.block(Buffer.from(whole), block.readInt16BE(trackLength(block)));
  }

  private emitHeader(): void {
    if (!this.ebmlHeader || !this.info || !this.tracks) throw new WebmError('Cluster before Info and Tracks');
    let timecodeScale = 1_000_000;
    const info: Buffer[] = [];
    const infoHeader = readElementHeader(this.info, 0) as NonNullable<ReturnType<typeof readElementHeader>>;
    for (const c of children(this.info.subarray(infoHeader.headerLength))) {
      if (c.id === EBML_ID.TimecodeScale) timecodeScale = readUint(c.data);
      // A live stream has no duration; a stale one would make players stop there.
      if (c.id !== EBML_ID.Duration) info.push(c.raw);
    }
    const track = findAudioTrack(this.tracks);
    this.header = {
      bytes: Buffer.concat([
        this.ebmlHeader,
        unknownSizeHeader(EBML_ID.Segment),
        element(EBML_ID.Info, info),
        this.tracks,
      ]),
      timecodeScale,
      track,
    };
    this.sink.header(this.header);
  }
}

function trackLength(block: Buffer): number {
  const first = block[0];
  for (let i = 0; i < 8; i++) if (first & (0x80 >> i)) return i + 1;
  throw new WebmError('Invalid block');
}

/** The track number vint at the start of a (Simple)Block. */
export function readTrackNumber(block: Buffer): number {
  if (block.length < 4) throw new WebmError('Invalid block');
  const len = trackLength(block);
  if (block.length < len + 3) throw new WebmError('Invalid block');
  let v = block[0] & (0xff >> len);
  for (let i = 1; i < len; i++) v = v * 256 + block[i];
  return v;
}

function findBlock(groupPayload: Buffer): Buffer {
  for (const c of children(groupPayload)) if (c.id === EBML_ID.Block) return c.data;
  throw new WebmError('BlockGroup without a Block');
}

function findAudioTrack(tracksElement: Buffer): AudioTrack {
  const h = readElementHeader(tracksElement, 0) as NonNullable<ReturnType<typeof readElementHeader>>;
  for (const entry of children(tracksElement.subarray(h.headerLength))) {
    if (entry.id !== EBML_ID.TrackEntry) continue;
    const t: AudioTrack = { number: 0, codecId: '', channels: 1, samplingFrequency: 8000, codecPrivate: null };
    let type = 0;
    for (const c of children(entry.data)) {
      if (c.id === EBML_ID.TrackNumber) t.number = readUint(c.data);
      else if (c.id === EBML_ID.TrackType) type = readUint(c.data);
      else if (c.id === EBML_ID.CodecID) t.codecId = c.data.toString('latin1');
      else if (c.id === EBML_ID.CodecPrivate) t.codecPrivate = Buffer.from(c.data);
      else if (c.id === EBML_ID.Audio) {
        for (const a of children(c.data)) {
          if (a.id === EBML_ID.Channels) t.channels = readUint(a.data);
          else if (a.id === EBML_ID.SamplingFrequency) t.samplingFrequency = readFloat(a.data);
        }
      }
    }
    // TrackType 2 is audio; MediaRecorder sometimes omits it, the codec says enough.
    if ((type === 2 || type === 0) && t.codecId === 'A_OPUS' && t.number > 0) return t;
  }
  throw new WebmError('No Opus audio track');
}

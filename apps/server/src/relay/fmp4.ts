/**
 * Splits ffmpeg's fragmented MP4 (`-movflags empty_moov+default_base_moof`) as it streams in:
 * the init segment (ftyp + moov) once, then one fragment (moof + mdat) at a time, each with its
 * duration read from the moof, so an LL-HLS part is published the moment its bytes are complete.
 */
export interface Fmp4Fragment {
  bytes: Buffer;
  /** Seconds of audio in the fragment (sum of its sample durations over the track's timescale). */
  duration: number;
}

export interface Fmp4Events {
  init(bytes: Buffer): void;
  fragment(f: Fmp4Fragment): void;
}

export class Fmp4Splitter {
  private pending: Buffer = Buffer.alloc(0);
  private initParts: Buffer[] = [];
  private moof: Buffer | null = null;
  private timescale = 0;
  private trexDuration = 0;

  constructor(private readonly events: Fmp4Events) {}

  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = 0;
    while (this.pending.length - at >= 8) {
      const size = this.pending.readUInt32BE(at);
      if (size < 8) throw new Error(`unsupported MP4 box size ${size}`);
      if (this.pending.length - at < size) break;
      this.box(this.pending.toString('latin1', at + 4, at + 8), this.pending.subarray(at, at + size));
      at += size;
    }
    this.pending = at === 0 ? this.pending : Buffer.from(this.pending.subarray(at));
  }

  private box(type: string, bytes: Buffer): void {
    switch (type) {
      case 'ftyp':
        this.initParts = [bytes];
        return;
      case 'moov': {
        this.initParts.push(bytes);
        this.timescale = readTimescale(bytes);
        this.trexDuration = readTrexDuration(bytes);
        this.events.init(Buffer.concat(this.initParts));
        return;
      }
      case 'moof':
        this.moof = bytes;
        return;
      case 'mdat': {
        const moof = this.moof;
        if (!moof) return;
        this.moof = null;
        const ticks = fragmentTicks(moof, this.trexDuration);
        this.events.fragment({
          bytes: Buffer.concat([moof, bytes]),
          duration: this.timescale ? ticks / this.timescale : 0,
        });
        return;
      }
      default:
      // styp, sidx, mfra and the like carry nothing a live playlist needs.
    }
  }
}

/** Children of a container box (the bytes after its 8-byte header, or `skip` more). */
function* children(box: Buffer, skip = 0): Generator<[string, Buffer]> {
  let at = 8 + skip;
  while (at + 8 <= box.length) {
    const size = box.readUInt32BE(at);
    if (size < 8 || at + size > box.length) return;
    yield [box.toString('latin1', at + 4, at + 8), box.subarray(at, at + size)];
    at += size;
  }
}

function child(box: Buffer | undefined, type: string): Buffer | undefined {
  if (!box) return undefined;
  for (const [t, b] of children(box)) if (t === type) return b;
  return undefined;
}

/** The first track's timescale (moov > trak > mdia > mdhd). */
function readTimescale(moov: Buffer): number {
  const mdhd = child(child(child(moov, 'trak'), 'mdia'), 'mdhd');
  if (!mdhd) return 0;
  const version = mdhd[8];
  return mdhd.readUInt32BE(version === 1 ? 8 + 4 + 16 : 8 + 4 + 8);
}

/** moov > mvex > trex default_sample_duration: the fallback when a fragment names none. */
function readTrexDuration(moov: Buffer): number {
  const trex = child(child(moov, 'mvex'), 'trex');
  return trex && trex.length >= 28 ? trex.readUInt32BE(8 + 4 + 4 + 4) : 0;
}

/** Sum of the sample durations of a moof's first track fragment, in timescale ticks. */
export function fragmentTicks(moof: Buffer, trexDuration = 0): number {
  const traf = child(moof, 'traf');
  if (!traf) return 0;
  let defaultDuration = trexDuration;
  let total = 0;
  for (const [type, b] of children(traf)) {
    if (type === 'tfhd') {
      const flags = b.readUInt32BE(8) & 0xffffff;
      let at = 8 + 4 + 4; // version/flags, track_ID
      if (flags & 0x01) at += 8; // base_data_offset
      if (flags & 0x02) at += 4; // sample_description_index
      if (flags & 0x08) defaultDuration = b.readUInt32BE(at);
    } else if (type === 'trun') {
      const flags = b.readUInt32BE(8) & 0xffffff;
      const count = b.readUInt32BE(12);
      let at = 16;
      if (flags & 0x01) at += 4; // data_offset
      if (flags & 0x04) at += 4; // first_sample_flags
      if (!(flags & 0x100)) {
        total += count * defaultDuration;
        continue;
      }
      const stride = 4 * [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length;
      for (let i = 0; i < count; i++) total += b.readUInt32BE(at + i * stride);
    }
  }
  return total;
}

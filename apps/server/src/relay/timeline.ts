import { EBML_ID, uintElement, unknownSizeHeader } from './ebml';
import type { DemuxSink, WebmHeader } from './webm-demuxer';
import { WebmError } from './webm-demuxer';

/**
 * Longest span (ms of audio) an outgoing cluster covers: a longer source cluster (MediaRecorder's,
 * an encoder's WebM) is cut into clusters this short, so no player waits on one (ADR 0042).
 */
export const MAX_CLUSTER_MS = 60;

interface RecentBlock {
  clusterTc: number;
  abs: number;
  bytes: Buffer;
}

/** An unknown-size Cluster start with its Timecode: what every cluster becomes on the way out. */
export function clusterStart(timecode: number): Buffer {
  return Buffer.concat([unknownSizeHeader(EBML_ID.Cluster), uintElement(EBML_ID.Timecode, timecode)]);
}

/**
 * One broadcast's outgoing WebM, made from any number of publisher connections in turn.
 *
 * Every source Cluster is rewritten as an unknown-size Cluster (so a listener may join between any
 * two elements), and a reconnecting publisher's timecodes (a new MediaRecorder starts at 0) are
 * shifted to continue where the last connection stopped. Output accumulates per pushed chunk and
 * is taken as one Buffer, written as is to every listener, the recording and Icecast.
 */
export class LiveTimeline {
  header: WebmHeader | null = null;
  private offset = 0;
  private clusterTc: number | null = null;
  /** The current source cluster's timecode on the output timeline (block timecodes are relative to it). */
  private sourceTc: number | null = null;
  private lastAbs: number | null = null;
  private lastDelta = 20;
  private recent: RecentBlock[] = [];
  private out: Buffer[] = [];

  /** @param burstMs how much recent audio a late joiner gets at once, so playback starts at once. */
  constructor(private readonly burstMs = 500) {}

  /** A sink for one publisher connection's demuxer. */
  connection(): DemuxSink & { blocks: number } {
    let rebase = true;
    let remap: number | null = null;
    const timeline = this;
    return {
      blocks: 0,
      header(h) {
        const first = timeline.header;
        if (!first) {
          timeline.header = h;
          return;
        }
        const a = first.track;
        const b = h.track;
        if (
          a.codecId !== b.codecId ||
          a.channels !== b.channels ||
          a.samplingFrequency !== b.samplingFrequency ||
          first.timecodeScale !== h.timecodeScale
        ) {
          throw new WebmError('The audio format changed mid-broadcast');
        }
        if (a.number !== b.number) {
          if (a.number > 126 || b.number > 126) throw new WebmError('Unsupported track number');
          remap = a.number;
        }
      },
      cluster(tc) {
        if (rebase) {
          rebase = false;
          if (timeline.lastAbs !== null) timeline.offset = timeline.lastAbs + timeline.lastDelta - tc;
        }
        const outTc = Math.max(0, tc + timeline.offset);
        timeline.clusterTc = outTc;
        timeline.sourceTc = outTc;
        timeline.out.push(clusterStart(outTc));
      },
      block(bytes, relative) {
        if (timeline.clusterTc === null || timeline.sourceTc === null) return;
        this.blocks++;
        const abs = timeline.sourceTc + relative;
        const maxSpan = timeline.header ? (MAX_CLUSTER_MS * 1e6) / timeline.header.timecodeScale : MAX_CLUSTER_MS;
        if (abs - timeline.clusterTc >= maxSpan && bytes[0] === EBML_ID.SimpleBlock) {
          // A new cluster starts at this block, whose timecode becomes 0 in it.
          timeline.clusterTc = abs;
          timeline.out.push(clusterStart(abs));
          bytes = withRelativeTimecode(bytes, 0);
        } else if (timeline.clusterTc !== timeline.sourceTc) {
          bytes = withRelativeTimecode(bytes, abs - timeline.clusterTc);
        }
        if (timeline.lastAbs !== null) {
          const d = abs - timeline.lastAbs;
          if (d > 0 && d < 1000) timeline.lastDelta = d;
        }
        timeline.lastAbs = timeline.lastAbs === null ? abs : Math.max(timeline.lastAbs, abs);
        const data = remap === null ? bytes : remapTrack(bytes, remap);
        timeline.out.push(data);
        timeline.recent.push({ clusterTc: timeline.clusterTc, abs, bytes: data });
        const horizon = abs - timeline.burstMs;
        let drop = 0;
        while (drop < timeline.recent.length && timeline.recent[drop].abs < horizon) drop++;
        if (drop > 0) timeline.recent.splice(0, drop);
      },
    };
  }

  /** What the last pushes produced, as one Buffer (null when nothing). */
  take(): Buffer | null {
    if (this.out.length === 0) return null;
    const buf = this.out.length === 1 ? this.out[0] : Buffer.concat(this.out);
    this.out = [];
    return buf;
  }

  /** The start of the stream for a sink joining now: header, then recent audio in its clusters. */
  joinBytes(): Buffer | null {
    if (!this.header) return null;
    const parts = [this.header.bytes];
    let tc: number | null = null;
    for (const b of this.recent) {
      if (b.clusterTc !== tc) {
        tc = b.clusterTc;
        parts.push(clusterStart(tc));
      }
      parts.push(b.bytes);
    }
    if (this.clusterTc !== null && this.clusterTc !== tc) parts.push(clusterStart(this.clusterTc));
    return Buffer.concat(parts);
  }

  /** Seconds of audio so far: the position in the recording. */
  get mediaSeconds(): number {
    if (this.lastAbs === null || !this.header) return 0;
    return (this.lastAbs * this.header.timecodeScale) / 1e9;
  }
}

/** A SimpleBlock with its int16 timecode (relative to its cluster) rewritten. */
function withRelativeTimecode(element: Buffer, relative: number): Buffer {
  const out = Buffer.from(element);
  // Skip the element's ID (1 byte) and size vint, then the track number vint.
  let pos = 1 + (Math.clz32(out[1]) - 23);
  pos += Math.clz32(out[pos]) - 23;
  out.writeInt16BE(relative, pos);
  return out;
}

/** Rewrites the 1-byte track number of a SimpleBlock or BlockGroup element. */
function remapTrack(element: Buffer, track: number): Buffer {
  const out = Buffer.from(element);
  // Skip the element's ID (1 byte for both) and size vint.
  let pos = 1;
  const sizeLen = Math.clz32(out[pos]) - 23;
  pos += sizeLen;
  if (out[0] === EBML_ID.BlockGroup) {
    // Find the Block child (ID 0xA1) and step past its size.
    while (pos < out.length && out[pos] !== EBML_ID.Block) {
      const len = Math.clz32(out[pos + 1]) - 23;
      let size = out[pos + 1] & (0xff >> len);
      for (let i = 1; i < len; i++) size = size * 256 + out[pos + 1 + i];
      pos += 1 + len + size;
    }
    pos += 1 + (Math.clz32(out[pos + 1]) - 23);
  }
  if ((out[pos] & 0x80) === 0) throw new WebmError('Unsupported track number');
  out[pos] = 0x80 | track;
  return out;
}

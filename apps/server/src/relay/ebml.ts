/** EBML primitives (the container format under WebM): element IDs, variable-size integers, writers. */

export const EBML_ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  Audio: 0xe1,
  SamplingFrequency: 0xb5,
  Channels: 0x9f,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  Cues: 0x1c53bb6b,
  Tags: 0x1254c367,
  Chapters: 0x1043a770,
  Attachments: 0x1941a469,
  Void: 0xec,
  Crc32: 0xbf,
} as const;

/** Children of Segment: when one appears inside an unknown-size Cluster, that Cluster has ended. */
export const SEGMENT_CHILDREN = new Set<number>([
  EBML_ID.SeekHead,
  EBML_ID.Info,
  EBML_ID.Tracks,
  EBML_ID.Cluster,
  EBML_ID.Cues,
  EBML_ID.Tags,
  EBML_ID.Chapters,
  EBML_ID.Attachments,
]);

export const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** The "unknown size" marker (all value bits set) in its 8-byte form. */
export const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

export interface ElementHeader {
  id: number;
  /** null: unknown size (live streams and MediaRecorder output use it for Segment and Cluster). */
  size: number | null;
  /** Bytes of ID + size. */
  headerLength: number;
}

/** Length of a vint from its first byte (1..8), or 0 when the byte cannot start one. */
function vintLength(first: number): number {
  for (let i = 0; i < 8; i++) if (first & (0x80 >> i)) return i + 1;
  return 0;
}

export class EbmlError extends Error {}

/**
 * Reads an element header at `pos`; null when more bytes are needed. Throws on bytes that cannot
 * be EBML (an ID longer than 4 bytes, a size longer than 8).
 */
export function readElementHeader(buf: Buffer, pos: number): ElementHeader | null {
  if (pos >= buf.length) return null;
  const idLen = vintLength(buf[pos]);
  if (idLen === 0 || idLen > 4) throw new EbmlError('Invalid element ID');
  if (pos + idLen >= buf.length) return null;
  let id = 0;
  for (let i = 0; i < idLen; i++) id = id * 256 + buf[pos + i];
  const sizePos = pos + idLen;
  const sizeLen = vintLength(buf[sizePos]);
  if (sizeLen === 0) throw new EbmlError('Invalid element size');
  if (sizePos + sizeLen > buf.length) return null;
  let value = buf[sizePos] & (0xff >> sizeLen);
  let allOnes = value === 0xff >> sizeLen;
  for (let i = 1; i < sizeLen; i++) {
    const b = buf[sizePos + i];
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { id, size: allOnes ? null : value, headerLength: idLen + sizeLen };
}

export function readUint(buf: Buffer): number {
  let v = 0;
  for (const b of buf) v = v * 256 + b;
  return v;
}

export function readFloat(buf: Buffer): number {
  if (buf.length === 4) return buf.readFloatBE(0);
  if (buf.length === 8) return buf.readDoubleBE(0);
  return 0;
}

/** The children of a master element's payload (all must be complete). */
export function* children(payload: Buffer): Generator<{ id: number; data: Buffer; raw: Buffer }> {
  let pos = 0;
  while (pos < payload.length) {
    const h = readElementHeader(payload, pos);
    if (!h || h.size === null || pos + h.headerLength + h.size > payload.length) {
      throw new EbmlError('Truncated element');
    }
    const start = pos + h.headerLength;
    yield { id: h.id, data: payload.subarray(start, start + h.size), raw: payload.subarray(pos, start + h.size) };
    pos = start + h.size;
  }
}

function idBytes(id: number): Buffer {
  const len = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1;
  const out = Buffer.alloc(len);
  out.writeUIntBE(id, 0, len);
  return out;
}

/** The shortest size vint for n (never the all-ones pattern, which means "unknown"). */
export function sizeBytes(n: number): Buffer {
  for (let len = 1; len <= 8; len++) {
    if (n < 2 ** (7 * len) - 1) {
      const out = Buffer.alloc(len);
      let v = n;
      for (let i = len - 1; i >= 0; i--) {
        out[i] = v % 256;
        v = Math.floor(v / 256);
      }
      out[0] |= 0x80 >> (len - 1);
      return out;
    }
  }
  throw new EbmlError('Element too large');
}

export function element(id: number, payload: Buffer | Buffer[]): Buffer {
  const body = Array.isArray(payload) ? Buffer.concat(payload) : payload;
  return Buffer.concat([idBytes(id), sizeBytes(body.length), body]);
}

export function uintElement(id: number, value: number): Buffer {
  let len = 1;
  while (len < 8 && value >= 2 ** (8 * len)) len++;
  const out = Buffer.alloc(len);
  let v = value;
  for (let i = len - 1; i >= 0; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  return element(id, out);
}

/** A master element of unknown size: its header only (children follow in the stream). */
export function unknownSizeHeader(id: number): Buffer {
  return Buffer.concat([idBytes(id), UNKNOWN_SIZE]);
}

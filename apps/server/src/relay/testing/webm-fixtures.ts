/**
 * WebM streams shaped like the browsers' MediaRecorder output, for tests and benchmarks.
 *
 * - `chromeCapture()`: a real capture from Chromium (3 s, 200 ms timeslice), as its chunks.
 * - `synthesize()`: real Opus packets (encoded by ffmpeg) in Chrome's shape (track 1, 60 ms frames,
 *   an unknown-size Cluster per chunk) or Firefox's (track 2, 20 ms frames, 1 s known-size
 *   Clusters cut across chunks at arbitrary bytes).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findFfmpeg } from '../../media/ffmpeg';
import { EBML_ID, element, uintElement, unknownSizeHeader } from '../ebml';
import { WebmDemuxer } from '../webm-demuxer';

const here = import.meta.dirname;

export function chromeCapture(): { bytes: Buffer; chunks: Buffer[] } {
  const bytes = fs.readFileSync(path.join(here, 'chrome-mediarecorder.webm'));
  const sizes = JSON.parse(fs.readFileSync(path.join(here, 'chrome-mediarecorder.chunks.json'), 'utf8')) as number[];
  const chunks: Buffer[] = [];
  let pos = 0;
  for (const n of sizes) {
    chunks.push(bytes.subarray(pos, pos + n));
    pos += n;
  }
  return { bytes, chunks };
}

export interface OpusSource {
  codecPrivate: Buffer;
  packets: Buffer[];
  frameMs: number;
}

/** Opus packets of a tone (with a little noise, so it is not pure silence) from ffmpeg. */
export function opusPackets(seconds: number, frameMs: 20 | 60, ffmpeg = findFfmpeg()): OpusSource {
  const webm = execFileSync(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
      '-ac',
      '1',
      '-c:a',
      'libopus',
      '-b:a',
      '64k',
      '-frame_duration',
      String(frameMs),
      '-f',
      'webm',
      'pipe:1',
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  let codecPrivate: Buffer | null = null;
  const packets: Buffer[] = [];
  const demuxer = new WebmDemuxer({
    header(h) {
      codecPrivate = h.track.codecPrivate;
    },
    cluster() {},
    block(bytes) {
      // SimpleBlock (ffmpeg may end with a BlockGroup: keep it simple and skip that one).
      if (bytes[0] !== EBML_ID.SimpleBlock) return;
      const sizeLen = Math.clz32(bytes[1]) - 23;
      packets.push(Buffer.from(bytes.subarray(1 + sizeLen + 4)));
    },
  });
  demuxer.push(webm);
  if (!codecPrivate) throw new Error('ffmpeg produced no Opus header');
  return { codecPrivate, packets, frameMs };
}

function floatElement(id: number, value: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return element(id, b);
}

function header(src: OpusSource, track: number, app: string): Buffer {
  const ebml = element(EBML_ID.EBML, [
    uintElement(0x4286, 1),
    uintElement(0x42f7, 1),
    uintElement(0x42f2, 4),
    uintElement(0x42f3, 8),
    element(EBML_ID.DocType, Buffer.from('webm')),
    uintElement(0x4287, 4),
    uintElement(0x4285, 2),
  ]);
  const info = element(EBML_ID.Info, [
    uintElement(EBML_ID.TimecodeScale, 1_000_000),
    element(0x4d80, Buffer.from(app)),
    element(0x5741, Buffer.from(app)),
  ]);
  const tracks = element(EBML_ID.Tracks, [
    element(EBML_ID.TrackEntry, [
      uintElement(EBML_ID.TrackNumber, track),
      uintElement(0x73c5, 0x1234567 + track),
      uintElement(EBML_ID.TrackType, 2),
      element(EBML_ID.CodecID, Buffer.from('A_OPUS')),
      element(EBML_ID.CodecPrivate, src.codecPrivate),
      element(EBML_ID.Audio, [floatElement(EBML_ID.SamplingFrequency, 48000), uintElement(EBML_ID.Channels, 1)]),
    ]),
  ]);
  return Buffer.concat([ebml, unknownSizeHeader(EBML_ID.Segment), info, tracks]);
}

function simpleBlock(track: number, relative: number, packet: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0x80 | track;
  head.writeInt16BE(relative, 1);
  head[3] = 0x80; // keyframe
  return element(EBML_ID.SimpleBlock, Buffer.concat([head, packet]));
}

export type BrowserShape = 'chrome' | 'firefox';

/**
 * A MediaRecorder-like stream as the chunks `ondataavailable` would deliver every `timesliceMs`.
 * Each chunk carries `timesliceMs` of audio, so sending one per timeslice paces it in real time.
 */
export function synthesize(src: OpusSource, shape: BrowserShape, timesliceMs = 100): Buffer[] {
  const chunks: Buffer[] = [];
  if (shape === 'chrome') {
    // Chrome: an unknown-size Cluster per chunk, Timecode = the first frame's time.
    const head = header(src, 1, 'Chrome');
    let t = 0;
    let i = 0;
    let first = true;
    while (i < src.packets.length) {
      const parts: Buffer[] = first ? [head] : [];
      first = false;
      parts.push(unknownSizeHeader(EBML_ID.Cluster), uintElement(EBML_ID.Timecode, t));
      const clusterStart = t;
      do {
        parts.push(simpleBlock(1, t - clusterStart, src.packets[i++]));
        t += src.frameMs;
      } while (i < src.packets.length && t - clusterStart < timesliceMs);
      chunks.push(Buffer.concat(parts));
    }
    return chunks;
  }
  // Firefox: 1 s known-size Clusters, written whole, then cut into timeslice-sized byte runs.
  const bytes: Buffer[] = [header(src, 2, 'QTmuxingAppLibWebM-0.0.1')];
  const framesPerCluster = Math.round(1000 / src.frameMs);
  for (let i = 0; i < src.packets.length; i += framesPerCluster) {
    const tc = i * src.frameMs;
    const body = [uintElement(EBML_ID.Timecode, tc)];
    for (let j = i; j < Math.min(i + framesPerCluster, src.packets.length); j++) {
      body.push(simpleBlock(2, (j - i) * src.frameMs, src.packets[j]));
    }
    bytes.push(element(EBML_ID.Cluster, body));
  }
  const all = Buffer.concat(bytes);
  const seconds = (src.packets.length * src.frameMs) / 1000;
  const perChunk = Math.ceil(all.length / ((seconds * 1000) / timesliceMs));
  for (let pos = 0; pos < all.length; pos += perChunk) chunks.push(all.subarray(pos, pos + perChunk));
  return chunks;
}

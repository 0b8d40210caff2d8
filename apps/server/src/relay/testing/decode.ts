/** ffmpeg as the judge of a WebM stream: decode it whole and report errors and the decoded length. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFfmpeg } from '../../media/ffmpeg';
import { EBML_ID, readElementHeader } from '../ebml';

export function decodeWebm(bytes: Buffer): { errors: string; seconds: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-decode-'));
  const file = path.join(dir, 'in.webm');
  fs.writeFileSync(file, bytes);
  const r = spawnSync(findFfmpeg(), ['-hide_banner', '-v', 'error', '-stats', '-i', file, '-f', 'null', '-'], {
    encoding: 'utf8',
  });
  fs.rmSync(dir, { recursive: true, force: true });
  const lines = r.stderr.split(/\r|\n/).filter((l) => l.trim());
  const stats = lines.filter((l) => l.startsWith('size='));
  const last = /time=(\d+):(\d+):([\d.]+)/.exec(stats.at(-1) ?? '');
  const seconds = last ? Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]) : 0;
  const errors = lines.filter((l) => !l.startsWith('size=')).join('\n');
  return { errors: r.status === 0 ? errors : `${errors}\nexit ${r.status}`.trim(), seconds };
}

/**
 * The gap checker: the longest run (ms) of near-silence in the decoded audio (48 kHz mono), the
 * first and last 0.3 s left out. For test tones from lavfi's `sine` (amplitude 1/8 of full scale):
 * a zero crossing is a few samples under the threshold, a gap in the stream thousands.
 */
export function longestSilenceMs(media: Buffer): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-gaps-'));
  const file = path.join(dir, 'heard.webm');
  fs.writeFileSync(file, media);
  const r = spawnSync(findFfmpeg(), ['-v', 'error', '-i', file, '-ac', '1', '-ar', '48000', '-f', 's16le', '-'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  fs.rmSync(dir, { recursive: true, force: true });
  const pcm = r.stdout as Buffer;
  const samples = pcm.length / 2;
  const edge = 0.3 * 48_000;
  let run = 0;
  let longest = 0;
  for (let i = edge; i < samples - edge; i++) {
    if (Math.abs(pcm.readInt16LE(i * 2)) < 200) run++;
    else run = 0;
    longest = Math.max(longest, run);
  }
  return (longest / 48_000) * 1000;
}

/**
 * A capture of a live stream cut at an arbitrary byte, trimmed to its last complete element (so
 * "file ended prematurely" from the cut is not mistaken for a broken stream). Masters (EBML
 * Segment, Cluster) are entered, whatever their size.
 */
export function trimToCompleteElements(buf: Buffer): Buffer {
  let pos = 0;
  let good = 0;
  for (;;) {
    let h: ReturnType<typeof readElementHeader>;
    try {
      h = readElementHeader(buf, pos);
    } catch {
      break;
    }
    if (!h) break;
    if (h.id === EBML_ID.Segment || h.id === EBML_ID.Cluster) {
      pos += h.headerLength;
      continue;
    }
    if (h.size === null || pos + h.headerLength + h.size > buf.length) break;
    pos += h.headerLength + h.size;
    good = pos;
  }
  return buf.subarray(0, good);
}

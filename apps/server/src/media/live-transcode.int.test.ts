import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { scaled } from '../../test/time';
import { findFfmpeg, findFfprobe } from './ffmpeg';
import { liveToWebm } from './live-transcode';

const dir = mkdtempSync(path.join(tmpdir(), 'live-transcode-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Vorbis switches to short windows at every transient, and its packets' times then sit ~9 ms off
 * their neighbours (an overlap, then a gap); Chromium's MSE stopped for a moment at each (issue 34:
 * ices2 through the live page heard 10 of 14 beeps). The relay's Opus must be dated by its samples.
 */
it(
  'transcodes Vorbis with transients into evenly dated 20 ms Opus packets',
  async () => {
    const ffmpeg = findFfmpeg();
    const input = path.join(dir, 'beeps.ogg');
    // 8 s of 120 ms beeps every 0.5 s: a transient at each edge.
    execFileSync(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=f=880:d=8:sample_rate=48000'],
      ...['-af', "volume='if(lt(mod(t,0.5),0.12),0.6,0)':eval=frame", '-ac', '2'],
      ...['-c:a', 'libvorbis', '-q:a', '3', '-f', 'ogg', input],
    ]);
    const chunks: Buffer[] = [];
    const t = liveToWebm('ogg', (c) => chunks.push(c));
    t.write(readFileSync(input));
    t.end();
    expect((await t.done).code).toBe(0);
    const output = path.join(dir, 'out.webm');
    writeFileSync(output, Buffer.concat(chunks));

    const ffprobe = findFfprobe() ?? 'ffprobe';
    const csv = execFileSync(ffprobe, [
      ...['-v', 'error', '-select_streams', 'a', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', output],
    ]).toString();
    const pts = csv.trim().split('\n').map(Number);
    expect(pts.length).toBeGreaterThan(350); // ~8 s of 20 ms packets
    const uneven = pts.slice(1).filter((p, i) => Math.abs(p - pts[i] - 0.02) > 0.0015);
    expect(uneven).toEqual([]);
  },
  scaled(60_000),
);

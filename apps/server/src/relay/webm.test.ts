import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EBML_ID, readElementHeader, sizeBytes } from './ebml';
import { probeDuration, remuxRecording } from './recording';
import { decodeWebm as decode } from './testing/decode';
import { chromeCapture, opusPackets, synthesize } from './testing/webm-fixtures';
import { LiveTimeline } from './timeline';
import { WebmDemuxer, WebmError } from './webm-demuxer';

const firefoxSource = opusPackets(4, 20);
const chromeSource = opusPackets(4, 60);

function feed(timeline: LiveTimeline, chunks: Buffer[]): Buffer[] {
  const sink = timeline.connection();
  const demuxer = new WebmDemuxer(sink);
  const out: Buffer[] = [];
  for (const c of chunks) {
    demuxer.push(c);
    const b = timeline.take();
    if (b) out.push(b);
  }
  return out;
}

describe('EBML sizes', () => {
  it('never writes the unknown-size pattern for a real size', () => {
    expect(sizeBytes(126)).toEqual(Buffer.from([0xfe]));
    expect(sizeBytes(127)).toEqual(Buffer.from([0x40, 0x7f]));
    const h = readElementHeader(Buffer.concat([Buffer.from([0xa3]), sizeBytes(300)]), 0);
    expect(h).toEqual({ id: EBML_ID.SimpleBlock, size: 300, headerLength: 3 });
  });
});

describe('WebmDemuxer', () => {
  it('reads a real Chrome MediaRecorder capture: header once, a Cluster per chunk, 60 ms frames', () => {
    const clusters: number[] = [];
    const blocks: number[] = [];
    let headers = 0;
    const d = new WebmDemuxer({
      header: (h) => {
        headers++;
        expect(h.track).toMatchObject({ number: 1, codecId: 'A_OPUS', channels: 1, samplingFrequency: 48000 });
        expect(h.timecodeScale).toBe(1_000_000);
      },
      cluster: (tc) => clusters.push(tc),
      block: (_b, rel) => blocks.push(rel),
    });
    for (const c of chromeCapture().chunks) d.push(c);
    expect(headers).toBe(1);
    expect(clusters.length).toBe(12);
    expect(clusters.slice(0, 3)).toEqual([0, 240, 480]);
    expect(blocks.slice(0, 5)).toEqual([0, 60, 120, 180, 0]);
    expect(blocks.length).toBeGreaterThan(40);
  });

  it('finds Firefox-shaped track 2 in 1 s Clusters cut at arbitrary bytes, even one byte at a time', () => {
    const chunks = synthesize(firefoxSource, 'firefox');
    const bytes = Buffer.concat(chunks);
    let blocks = 0;
    let clusters = 0;
    let track = 0;
    const d = new WebmDemuxer({
      header: (h) => (track = h.track.number),
      cluster: () => clusters++,
      block: () => blocks++,
    });
    for (let i = 0; i < bytes.length; i++) d.push(bytes.subarray(i, i + 1));
    expect(track).toBe(2);
    expect(clusters).toBe(4);
    expect(blocks).toBe(firefoxSource.packets.length);
  });

  it('refuses bytes that are not WebM at once, and flags them as such', () => {
    const d = new WebmDemuxer({ header() {}, cluster() {}, block() {} });
    let err: unknown;
    try {
      d.push(Buffer.from('ID3\u0004 not webm at all'));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(WebmError);
    expect((err as WebmError).notWebm).toBe(true);
  });

  it('refuses a WebM without an Opus track', () => {
    const chunks = synthesize(firefoxSource, 'chrome');
    const bad = Buffer.from(Buffer.concat(chunks));
    const at = bad.indexOf('A_OPUS');
    bad.write('A_XXXX', at, 'latin1');
    const d = new WebmDemuxer({ header() {}, cluster() {}, block() {} });
    expect(() => d.push(bad)).toThrow('No Opus audio track');
  });
});

describe('LiveTimeline', () => {
  for (const shape of ['chrome', 'firefox'] as const) {
    it(`gives a late joiner (${shape}-shaped input) a stream ffmpeg decodes without error`, () => {
      const src = shape === 'chrome' ? chromeSource : firefoxSource;
      const chunks = synthesize(src, shape);
      const timeline = new LiveTimeline(300);
      const sink = timeline.connection();
      const demuxer = new WebmDemuxer(sink);
      const half = Math.floor(chunks.length / 2);
      for (const c of chunks.slice(0, half)) {
        demuxer.push(c);
        timeline.take();
      }
      const joined: Buffer[] = [timeline.joinBytes() as Buffer];
      for (const c of chunks.slice(half)) {
        demuxer.push(c);
        const b = timeline.take();
        if (b) joined.push(b);
      }
      const { errors, seconds } = decode(Buffer.concat(joined));
      expect(errors).toBe('');
      // About the second half plus the 0.3 s burst.
      expect(seconds).toBeGreaterThan(1.8);
      expect(seconds).toBeLessThan(2.9);
    });
  }

  it('continues timecodes across a publisher reconnect (new recorder starting at 0, other track number)', () => {
    const timeline = new LiveTimeline();
    const all = [
      ...feed(timeline, synthesize(chromeSource, 'chrome')),
      ...feed(timeline, synthesize(firefoxSource, 'firefox')),
    ];
    const stream = Buffer.concat([timeline.joinBytes() as Buffer]);
    expect(stream.length).toBeGreaterThan(0);
    // Cluster timecodes in the output only go forward.
    const tcs: number[] = [];
    const d = new WebmDemuxer({ header() {}, cluster: (tc) => tcs.push(tc), block() {} });
    const header = (timeline.header as { bytes: Buffer }).bytes;
    d.push(Buffer.concat([header, ...all]));
    for (let i = 1; i < tcs.length; i++) expect(tcs[i]).toBeGreaterThan(tcs[i - 1]);
    expect(timeline.mediaSeconds).toBeGreaterThan(7.9);
    const { errors, seconds } = decode(Buffer.concat([header, ...all]));
    expect(errors).toBe('');
    expect(seconds).toBeGreaterThan(7.9);
    expect(seconds).toBeLessThan(8.3);
  });

  it('a remux of the recorded output is seekable with the right duration', async () => {
    const timeline = new LiveTimeline();
    const out = feed(timeline, synthesize(chromeSource, 'chrome'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-remux-'));
    const raw = path.join(dir, 'raw.webm');
    fs.writeFileSync(raw, Buffer.concat([(timeline.header as { bytes: Buffer }).bytes, ...out]));
    const remuxed = path.join(dir, 'out.webm');
    // The recorder's own remux and duration probe, so the bundled-ffmpeg run checks them too.
    await remuxRecording(raw, remuxed);
    const duration = await probeDuration(remuxed);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(duration).toBeGreaterThan(3.9);
    expect(duration).toBeLessThan(4.2);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PACING, Pacer } from './pacer';
import { opusPackets, synthesize } from './testing/webm-fixtures';
import { LiveTimeline, MAX_CLUSTER_MS } from './timeline';
import { type DemuxSink, WebmDemuxer, type WebmHeader } from './webm-demuxer';

const HEADER = { bytes: Buffer.alloc(0), timecodeScale: 1e6 } as unknown as WebmHeader;

/** A pacer over a recording sink: what was released, at which (fake) time. */
function paced() {
  const released: { media: number; at: number }[] = [];
  let clusterTc = 0;
  const inner: DemuxSink = {
    header() {},
    cluster: (tc) => {
      clusterTc = tc;
    },
    block: (_bytes, rel) => released.push({ media: clusterTc + rel, at: Date.now() }),
  };
  let releases = 0;
  const pacer = new Pacer(
    () => releases++,
    () => Date.now(),
  );
  const sink = pacer.connection(inner);
  sink.header(HEADER);
  /** One Ogg-page-like burst: `count` 20 ms blocks starting at `fromMs`, all at once. */
  const page = (fromMs: number, count: number) => {
    sink.cluster(fromMs);
    for (let i = 0; i < count; i++) sink.block(Buffer.from([0xa3]), i * 20);
  };
  return { pacer, released, page, releases: () => releases };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

describe('Pacer', () => {
  it('spreads a one-second page over its second: a quantum at once, then one quantum at a time', () => {
    const { released, page, releases } = paced();
    const t0 = Date.now();
    page(0, 50);
    // The first quantum of audio goes within the push.
    expect(released).toHaveLength(PACING.quantumMs / 20);
    vi.advanceTimersByTime(400);
    // One timer per quantum, each releasing the next quantum of audio up to a quantum early.
    expect(released).toHaveLength((400 + PACING.quantumMs) / 20);
    expect(releases()).toBe(400 / PACING.quantumMs);
    vi.advanceTimersByTime(600);
    expect(released).toHaveLength(50);
    for (const r of released) {
      expect(r.at - t0).toBeGreaterThan(r.media - PACING.quantumMs);
      expect(r.at - t0).toBeLessThanOrEqual(r.media);
    }
    // The next page arrives a second later: it flows on, a quantum at a time.
    page(1000, 50);
    vi.advanceTimersByTime(1000);
    expect(released).toHaveLength(100);
    const times = [...new Set(released.map((r) => r.at))];
    expect(times).toHaveLength(100 / (PACING.quantumMs / 20));
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBe(PACING.quantumMs);
  });

  it('sends a block arriving on time at once (a browser chunk, a small encoder page)', () => {
    const { released, page } = paced();
    page(0, 5);
    expect(released).toHaveLength(5);
    vi.advanceTimersByTime(100);
    page(100, 5);
    expect(released).toHaveLength(10);
    for (const r of released) expect(r.at - 1_000_000).toBeLessThanOrEqual(r.media);
  });

  it('holds nothing longer than maxHoldMs: three seconds sent at once are out within a second', () => {
    const { released, page } = paced();
    page(0, 150);
    vi.advanceTimersByTime(PACING.maxHoldMs - PACING.quantumMs);
    expect(released.length).toBeLessThan(150);
    vi.advanceTimersByTime(PACING.quantumMs);
    expect(released).toHaveLength(150);
  });

  it('takes back a lead no block needed for a whole window (a one-off delay does not stay)', () => {
    const { released, page } = paced();
    const t0 = Date.now();
    // A one-off delay: 500 ms of audio came at once (a transcoder's start, a stall) and set the
    // schedule. Then 20 ms blocks arrive steadily, each ~480 ms ahead of that schedule, for three
    // windows (the first holds the burst's own on-time block, so it takes nothing back).
    page(0, 25);
    for (let i = 0; (i + 1) * 20 < PACING.decayWindowMs * 3; i++) {
      vi.advanceTimersByTime(20);
      page(500 + i * 20, 1);
    }
    vi.advanceTimersByTime(1000);
    const last = released.at(-1) as { media: number; at: number };
    const arrived = t0 + last.media - 480;
    // Out within a quantum or two of its arrival again, not ~480 ms after it (halving the lead
    // each window still held ~230 ms here).
    expect(last.at - arrived).toBeLessThanOrEqual(PACING.quantumMs * 2);
  });

  it('drain releases everything still waiting, in order', () => {
    const { pacer, released, page } = paced();
    page(0, 50);
    expect(pacer.pending).toBe(50 - PACING.quantumMs / 20);
    pacer.drain();
    expect(pacer.pending).toBe(0);
    expect(released.map((r) => r.media)).toEqual(Array.from({ length: 50 }, (_, i) => i * 20));
  });
});

describe('LiveTimeline clusters', () => {
  it(`cuts long source clusters into clusters of at most ${MAX_CLUSTER_MS} ms`, () => {
    vi.useRealTimers();
    const timeline = new LiveTimeline();
    const demuxer = new WebmDemuxer(timeline.connection());
    // Firefox-shaped input: 1 s clusters of 20 ms frames.
    for (const c of synthesize(opusPackets(2, 20), 'firefox')) demuxer.push(c);
    const out = Buffer.concat([(timeline.header as WebmHeader).bytes, timeline.take() as Buffer]);
    const spans = new Map<number, number>();
    let tc = 0;
    new WebmDemuxer({
      header() {},
      cluster: (t) => {
        tc = t;
        spans.set(t, 0);
      },
      block: (_b, rel) => spans.set(tc, Math.max(spans.get(tc) ?? 0, rel)),
    }).push(out);
    expect(spans.size).toBeGreaterThanOrEqual(25);
    for (const last of spans.values()) expect(last).toBeLessThan(MAX_CLUSTER_MS);
  });
});

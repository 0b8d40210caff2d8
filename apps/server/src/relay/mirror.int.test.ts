import { afterAll, describe, expect, it } from 'vitest';
import { scaled } from '../../test/time';
import { RedisBus } from '../realtime/bus';
import { LiveHub } from './hub';
import type { Sink } from './session';
import { decodeWebm } from './testing/decode';
import { opusPackets, synthesize } from './testing/webm-fixtures';

// Two hubs stand for two server processes sharing Redis (CI sets TEST_REDIS_URL to the local server).
const url = process.env.TEST_REDIS_URL;
const SLICE_MS = 100;
/** For what crosses Redis: late on a busy machine. */
const POLL = { timeout: scaled(10_000), interval: 50 };

class TimedSink implements Sink {
  readonly writes: { at: number; bytes: Buffer }[] = [];
  closed = false;
  write(buf: Buffer) {
    this.writes.push({ at: performance.now(), bytes: buf });
  }
  buffered() {
    return 0;
  }
  close() {
    this.closed = true;
  }
  body() {
    return Buffer.concat(this.writes.map((w) => w.bytes));
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

describe.skipIf(!url)('a broadcast mirrored to another process over Redis', () => {
  const prefix = `wavecast:test:${Date.now()}:`;
  const viewers: number[] = [];
  const hooks = {
    audio: async () => {},
    graceExpired: () => {},
    viewers: (_id: string, n: number) => void viewers.push(n),
    log: () => {},
  };
  const opts = () => ({
    dataDir: '/tmp/wc-mirror-test',
    graceMs: 2000,
    maxListenerBuffer: 1 << 20,
    ingestBytesPerSecond: 1 << 20,
    ingestBurstBytes: 1 << 22,
    redisUrl: url,
    mirrorPrefix: prefix,
    // Each output written at once, so A's and B's listeners get the very same Buffers to match
    // (batching, ADR 0062, groups them by each process's own timing; it has its own tests).
    listenerBatchMs: 0,
  });
  const busA = new RedisBus(url as string, `${prefix}events`);
  const busB = new RedisBus(url as string, `${prefix}events`);
  const a = new LiveHub(opts(), busA, hooks);
  const b = new LiveHub(opts(), busB, hooks);

  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await Promise.all([busA.close(), busB.close()]);
  });

  it('plays on B what is published on A, decodable, with the Redis hop measured', async () => {
    await Promise.all([a.whenReady(), b.whenReady(), busA.whenReady(), busB.whenReady()]);
    const id = crypto.randomUUID();
    const chunks = synthesize(opusPackets(5, 20), 'chrome', SLICE_MS);
    const publisher = a.connectPublisher({ id, title: 't', description: null }, () => {});
    const onA = new TimedSink();
    const onB = new TimedSink();
    a.addListener(id, onA);

    // Real time: a chunk per timeslice. B's listener joins after a second of audio.
    let mirrored = false;
    for (const [i, chunk] of chunks.entries()) {
      publisher.push(chunk);
      if (i === 10) {
        const session = await b.open(id);
        expect(session).toBeDefined();
        expect(b.isMirror(id)).toBe(true);
        expect(b.addListener(id, onB)).toBe(true);
        mirrored = true;
      }
      await new Promise((r) => setTimeout(r, SLICE_MS));
    }
    expect(mirrored).toBe(true);

    // B's listener got a valid WebM: header, a cluster start, then the live blocks.
    await expect.poll(() => decodeWebm(onB.body()).seconds, POLL).toBeGreaterThan(3);
    expect(decodeWebm(onB.body()).errors).toBe('');

    // The hop: the same output Buffer written on A and, re-muxed identically, on B.
    const sentAt = new Map(onA.writes.map((w) => [w.bytes.toString('base64'), w.at]));
    const delays = onB.writes
      .map((w) => w.at - (sentAt.get(w.bytes.toString('base64')) ?? Number.NaN))
      .filter((d) => !Number.isNaN(d))
      .sort((x, y) => x - y);
    expect(delays.length).toBeGreaterThan(25);
    const median = percentile(delays, 50);
    const p95 = percentile(delays, 95);
    console.log(
      `mirror hop over Redis: ${delays.length} chunks, median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${delays.at(-1)?.toFixed(2)} ms`,
    );
    expect(p95).toBeLessThan(scaled(250));

    // Listener counts are summed by the origin: A's one plus B's one.
    await expect.poll(() => viewers.at(-1), POLL).toBe(2);

    // The end reaches the mirror: its listener's response ends.
    await a.end(id);
    await expect.poll(() => onB.closed, POLL).toBe(true);
    await expect.poll(() => b.get(id), POLL).toBeUndefined();
  });

  it('answers 404-style (undefined) when no process holds the stream', async () => {
    const started = Date.now();
    expect(await b.open(crypto.randomUUID())).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  }, 10_000);
});

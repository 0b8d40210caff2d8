import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveSession, type Sink } from './session';
import { opusPackets, synthesize } from './testing/webm-fixtures';
import { WebmDemuxer } from './webm-demuxer';

const chunks = synthesize(opusPackets(3, 60), 'chrome');

class FakeSink implements Sink {
  bytes: Buffer[] = [];
  closed = false;
  dropped = false;
  backlog = 0;
  write(buf: Buffer) {
    this.bytes.push(buf);
  }
  buffered() {
    return this.backlog;
  }
  close() {
    this.closed = true;
  }
  drop() {
    this.dropped = true;
  }
  body() {
    return Buffer.concat(this.bytes);
  }
}

function session(opts: { graceMs?: number; maxListenerBuffer?: number } = {}) {
  const events = { listeners: [] as number[], graceExpired: 0 };
  const s = new LiveSession(
    'id',
    {
      graceMs: opts.graceMs ?? 1000,
      maxListenerBuffer: opts.maxListenerBuffer ?? 1000,
      burstMs: 0,
      ingestBytesPerSecond: 1024 * 1024,
      ingestBurstBytes: 1024 * 1024,
      // Fan-out as pushed (pacing and batching have their own tests: pacer.test.ts, fan-out.test.ts).
      paced: false,
      listenerBatchMs: 0,
    },
    { listeners: (n) => events.listeners.push(n), graceExpired: () => events.graceExpired++ },
  );
  return { s, events };
}

afterEach(() => vi.useRealTimers());

describe('LiveSession', () => {
  it('holds early listeners until the header, then gives every sink the same Buffers', () => {
    const { s, events } = session();
    const early = new FakeSink();
    s.addListener(early);
    expect(s.listenerCount).toBe(1);
    const onAudio = vi.fn();
    const pub = s.attachPublisher(onAudio);
    pub.push(chunks[0]);
    expect(onAudio).toHaveBeenCalledWith(true);
    const late = new FakeSink();
    s.addListener(late);
    for (const c of chunks.slice(1)) pub.push(c);
    // Both started with the header and then got identical Buffer objects for each chunk.
    expect(early.bytes[0].subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(late.bytes[0].subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(late.bytes.slice(1)).toEqual(early.bytes.slice(early.bytes.length - late.bytes.length + 1));
    expect(late.bytes.at(-1)).toBe(early.bytes.at(-1));
    let blocks = 0;
    new WebmDemuxer({ header() {}, cluster() {}, block: () => blocks++ }).push(early.body());
    expect(blocks).toBe(50);
    expect(events.listeners).toEqual([1, 2]);
  });

  it('drops a listener whose unsent bytes pass the bound, and only that one', () => {
    const { s, events } = session({ maxListenerBuffer: 1000 });
    const pub = s.attachPublisher(() => {});
    pub.push(chunks[0]);
    const slow = new FakeSink();
    const fast = new FakeSink();
    s.addListener(slow);
    s.addListener(fast);
    slow.backlog = 5000;
    pub.push(chunks[1]);
    expect(slow.dropped).toBe(true);
    expect(fast.dropped || fast.closed).toBe(false);
    expect(s.listenerCount).toBe(1);
    expect(events.listeners.at(-1)).toBe(1);
    pub.push(chunks[2]);
    expect(fast.bytes).toHaveLength(3);
  });

  it('refuses a second publisher, and ends after the grace period without one', () => {
    vi.useFakeTimers();
    const { s, events } = session({ graceMs: 10_000 });
    const pub = s.attachPublisher(() => {});
    expect(() => s.attachPublisher(() => {})).toThrow('already connected');
    pub.push(chunks[0]);
    pub.detach();
    vi.advanceTimersByTime(9_000);
    const again = s.attachPublisher(() => {}); // back within the grace period
    again.detach();
    vi.advanceTimersByTime(9_999);
    expect(events.graceExpired).toBe(0);
    vi.advanceTimersByTime(1);
    expect(events.graceExpired).toBe(1);
  });

  it('ending closes listeners and taps and tells the publisher', () => {
    const { s } = session();
    const ended = vi.fn();
    const pub = s.attachPublisher(() => {}, ended);
    pub.push(chunks[0]);
    const listener = new FakeSink();
    const tap = new FakeSink();
    s.addListener(listener);
    s.addTap(tap);
    s.end();
    expect(ended).toHaveBeenCalledOnce();
    expect(listener.closed && tap.closed).toBe(true);
    const after = new FakeSink();
    s.addListener(after);
    expect(after.closed).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LISTENER_BATCH, ListenerFanOut, type Sink } from './fan-out';

class FakeSink implements Sink {
  writes: Buffer[] = [];
  backlog = 0;
  dropped = false;
  closed = false;
  write(buf: Buffer) {
    this.writes.push(buf);
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
  text() {
    return Buffer.concat(this.writes).toString();
  }
}

function fanOut(batchMs?: number) {
  let drops = 0;
  const f = new ListenerFanOut({ maxListenerBuffer: 1000, batchMs, dropped: () => drops++ });
  return { f, drops: () => drops };
}

/** A browser publisher's chunk: 100 ms of audio (five 20 ms blocks), the newest block at `lastMs`. */
const chunk = (name: string, lastMs: number): [Buffer, number] => [Buffer.from(name), lastMs];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ListenerFanOut', () => {
  it(`writes to listeners once per ${LISTENER_BATCH.mediaMs} ms of audio: two 100 ms chunks make one write`, () => {
    const { f } = fanOut();
    const a = new FakeSink();
    const b = new FakeSink();
    f.add(a, Buffer.from('H'));
    f.add(b, Buffer.from('H'));
    f.push(...chunk('1', 80)); // the first after a quiet spell goes at once
    for (let i = 2; i <= 11; i++) f.push(...chunk(String(i % 10), i * 100 - 20));
    // 1 at once, then (2,3) (4,5) (6,7) (8,9) (10,11): 1 + 5 writes after the start, not 11.
    expect(a.writes).toHaveLength(1 + 6);
    expect(a.text()).toBe('H1234567890' + '1');
    // Every listener gets the very same Buffer per batch.
    for (let i = 1; i < a.writes.length; i++) expect(b.writes[i]).toBe(a.writes[i]);
  });

  it(`never holds audio longer than ${LISTENER_BATCH.maxWaitMs} ms (a late chunk, a quiet source)`, () => {
    const { f } = fanOut();
    const a = new FakeSink();
    f.add(a, Buffer.from('H'));
    f.push(...chunk('1', 80));
    f.push(...chunk('2', 180));
    expect(a.text()).toBe('H1');
    vi.advanceTimersByTime(LISTENER_BATCH.maxWaitMs - 1);
    expect(a.text()).toBe('H1');
    vi.advanceTimersByTime(1);
    expect(a.text()).toBe('H12');
  });

  it('gives a newcomer nothing twice: what was pending goes to the others before it joins', () => {
    const { f } = fanOut();
    const a = new FakeSink();
    f.add(a, Buffer.from('H'));
    f.push(...chunk('1', 80));
    f.push(...chunk('2', 180)); // pending
    const late = new FakeSink();
    f.add(late, Buffer.from('H12')); // its start holds the pending audio already
    expect(a.text()).toBe('H12');
    f.push(...chunk('3', 280));
    f.push(...chunk('4', 380));
    expect(a.text()).toBe('H1234');
    expect(late.text()).toBe('H1234');
  });

  it('drops a listener whose unsent bytes pass the bound, once its batch is written', () => {
    const { f, drops } = fanOut();
    const slow = new FakeSink();
    const fast = new FakeSink();
    f.add(slow, Buffer.from('H'));
    f.add(fast, Buffer.from('H'));
    slow.backlog = 5000;
    f.push(...chunk('1', 80));
    expect(slow.dropped).toBe(true);
    expect(f.size).toBe(1);
    expect(drops()).toBe(1);
    expect(fast.dropped).toBe(false);
  });

  it('closing writes what is pending first', () => {
    const { f } = fanOut();
    const a = new FakeSink();
    f.add(a, Buffer.from('H'));
    f.push(...chunk('1', 80));
    f.push(...chunk('2', 180));
    f.closeAll();
    expect(a.text()).toBe('H12');
    expect(a.closed).toBe(true);
  });

  it('batchMs 0 writes every output at once', () => {
    const { f } = fanOut(0);
    const a = new FakeSink();
    f.add(a, Buffer.from('H'));
    for (let i = 1; i <= 5; i++) f.push(...chunk(String(i), i * 100 - 20));
    expect(a.writes).toHaveLength(6);
  });
});

/** A seeded generator (mulberry32): the same seed gives the same run on any machine. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (lo: number, hi: number) => lo + (hi - lo) * next(),
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof seeded>;

/** Events in virtual time, in order (ties in the order they were queued). */
export class EventQueue {
  private heap: { at: number; seq: number; run: () => void }[] = [];
  private seq = 0;

  push(at: number, run: () => void): () => void {
    const item = { at, seq: this.seq++, run };
    this.heap.push(item);
    this.up(this.heap.length - 1);
    return () => {
      item.run = () => {};
    };
  }

  pop(): { at: number; run: () => void } | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (this.heap.length > 0 && last) {
      this.heap[0] = last;
      this.down(0);
    }
    return top;
  }

  get size() {
    return this.heap.length;
  }

  private less(i: number, j: number) {
    const a = this.heap[i];
    const b = this.heap[j];
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }
  private swap(i: number, j: number) {
    [this.heap[i], this.heap[j]] = [this.heap[j], this.heap[i]];
  }
  private up(i: number) {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) return;
      this.swap(i, p);
      i = p;
    }
  }
  private down(i: number) {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.heap.length && this.less(l, m)) m = l;
      if (r < this.heap.length && this.less(r, m)) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }
}

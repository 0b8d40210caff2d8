import { describe, expect, it } from 'vitest';
import { HotObjects } from './hot-objects';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('HotObjects', () => {
  it('loads an object the second time it is asked for, then serves it from memory', async () => {
    const hot = new HotObjects(1000);
    let loads = 0;
    const load = async () => {
      loads++;
      return Buffer.alloc(100, 1);
    };
    expect(hot.get('a', 100, load)).toBeNull();
    expect(loads).toBe(0);
    expect(hot.get('a', 100, load)).toBeNull(); // starts loading
    await flush();
    expect(loads).toBe(1);
    expect(hot.get('a', 100, load)?.length).toBe(100);
    expect(loads).toBe(1);
  });

  it('keeps within its budget, dropping the least recently used', async () => {
    const hot = new HotObjects(250);
    const load = (n: number) => async () => Buffer.alloc(100, n);
    for (const k of ['a', 'b']) {
      hot.get(k, 100, load(1));
      hot.get(k, 100, load(1));
    }
    await flush();
    hot.get('a', 100, load(1)); // a is now more recent than b
    hot.get('c', 100, load(2));
    hot.get('c', 100, load(2));
    await flush();
    expect(hot.size).toEqual({ objects: 2, bytes: 200 });
    expect(hot.get('b', 100, load(1))).toBeNull();
    expect(hot.get('a', 100, load(1))).not.toBeNull();
  });

  it('never keeps a load whose size is not the stored size, nor objects too large', async () => {
    const hot = new HotObjects(10_000);
    hot.get('short', 100, async () => Buffer.alloc(50));
    hot.get('short', 100, async () => Buffer.alloc(50));
    await flush();
    expect(hot.get('short', 100, async () => Buffer.alloc(50))).toBeNull();
    expect(hot.size.objects).toBe(0);
    hot.get('big', 20_000, async () => Buffer.alloc(20_000));
    hot.get('big', 20_000, async () => Buffer.alloc(20_000));
    await flush();
    expect(hot.size.objects).toBe(0);
  });
});

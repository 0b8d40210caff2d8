import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { LocalStorage } from './local';

const make = () => new LocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-store-')));

describe('LocalStorage', () => {
  it('stores, ranges, lists and deletes', async () => {
    const s = make();
    const obj = await s.put('audio/u1/a.mp3', Readable.from(['hello ', 'world']));
    expect(obj.size).toBe(11);
    expect(await text(await s.get('audio/u1/a.mp3', { start: 6, end: 10 }))).toBe('world');
    expect(await s.list('audio/')).toEqual(['audio/u1/a.mp3']);
    await s.delete('audio/u1/a.mp3');
    expect(await s.stat('audio/u1/a.mp3')).toBeNull();
  });

  it('leaves nothing behind when the body fails midway', async () => {
    const s = make();
    const failing = new Readable({
      read() {
        this.push('partial');
        this.destroy(new Error('client went away'));
      },
    });
    await expect(s.put('audio/u1/b.mp3', failing)).rejects.toThrow('client went away');
    expect(await s.stat('audio/u1/b.mp3')).toBeNull();
    expect(await s.list('')).toEqual([]);
  });

  it('rejects keys that escape the root', async () => {
    const s = make();
    await expect(s.put('../etc/passwd', Readable.from(['x']))).rejects.toThrow(/Invalid storage key/);
  });
});

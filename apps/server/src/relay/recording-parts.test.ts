import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LocalStorage } from '../storage/local';
import {
  deleteParts,
  downloadRuns,
  RecordingPartsSink,
  recordingPartsPrefix,
  recordingRunKey,
} from './recording-parts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-parts-'));
const storage = new LocalStorage(path.join(dir, 'storage'));
const store = { put: async (key: string, body: Buffer) => void (await storage.put(key, Readable.from([body]))) };
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a recording in parts in storage', () => {
  it('stores the bytes in order, part by part, and the rest at close; runs come back joined, oldest first', async () => {
    const id = crypto.randomUUID();
    const runA = `${recordingPartsPrefix(id)}${recordingRunKey(1_000, 'aaaaaaaa-1')}/`;
    const runB = `${recordingPartsPrefix(id)}${recordingRunKey(20_000, 'bbbbbbbb-2')}/`;
    const a = new RecordingPartsSink(store, runA, () => {}, 20);
    a.write(Buffer.from('one '));
    a.write(Buffer.from('two '));
    await new Promise((r) => setTimeout(r, 60)); // a part goes out on the timer
    a.write(Buffer.from('three'));
    // The process died here: nothing closes `a`; what it stored is what is left of its run.
    const b = new RecordingPartsSink(store, runB, () => {}, 60_000);
    b.write(Buffer.from('after'));
    b.close();
    await b.done;
    // Its timer still stores what it was given before it "died" ("three", the next tick): waited for,
    // or that part could land after the parts are deleted below (a CI run under load saw it).
    await vi.waitFor(async () => expect(await storage.list(runA)).toHaveLength(2));
    await a.done;

    const keys = (await storage.list(recordingPartsPrefix(id))).sort();
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys[0]).toBe(`${runA}000000.webm`);
    expect(keys.at(-1)).toBe(`${runB}000000.webm`);

    const out = fs.mkdtempSync(path.join(dir, 'runs-'));
    const files = await downloadRuns(storage, id, out);
    expect(files).toHaveLength(2);
    expect(fs.readFileSync(files[0], 'utf8')).toBe('one two three');
    expect(fs.readFileSync(files[1], 'utf8')).toBe('after');

    await deleteParts(storage, id);
    expect(await storage.list(recordingPartsPrefix(id))).toEqual([]);
    expect(await downloadRuns(storage, id, out)).toEqual([]);
  });

  it('orders runs by their start time', () => {
    expect(recordingRunKey(9_999, 'x') < recordingRunKey(10_000, 'a')).toBe(true);
  });
});

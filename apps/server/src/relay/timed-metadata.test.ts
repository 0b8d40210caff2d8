import { describe, expect, it } from 'vitest';
import { emsgId3, id3Title } from './timed-metadata';

/** ID3's syncsafe integer back to a number. */
const unsyncsafe = (b: Buffer, at: number) => (b[at] << 21) | (b[at + 1] << 14) | (b[at + 2] << 7) | b[at + 3];

describe('timed metadata', () => {
  it('writes the title as an ID3v2.4 tag with one UTF-8 TIT2 frame', () => {
    const tag = id3Title('Café ☕ Live');
    expect(tag.subarray(0, 5)).toEqual(Buffer.from([0x49, 0x44, 0x33, 4, 0]));
    expect(unsyncsafe(tag, 6)).toBe(tag.length - 10);
    expect(tag.toString('latin1', 10, 14)).toBe('TIT2');
    const size = unsyncsafe(tag, 14);
    expect(tag[20]).toBe(0x03); // UTF-8
    expect(tag.subarray(21, 20 + size).toString('utf8')).toBe('Café ☕ Live');
    expect(20 + size).toBe(tag.length);
  });

  it('sizes syncsafe fields past 127 bytes', () => {
    const tag = id3Title('x'.repeat(300));
    expect(unsyncsafe(tag, 6)).toBe(tag.length - 10);
    for (const i of [6, 7, 8, 9, 14, 15, 16, 17]) expect(tag[i]).toBeLessThan(0x80);
  });

  it('carries the tag in a version 0 emsg box that starts with the fragment and lasts until the next', () => {
    const box = emsgId3('Night Drive', 7);
    expect(box.readUInt32BE(0)).toBe(box.length);
    expect(box.toString('latin1', 4, 8)).toBe('emsg');
    expect(box.readUInt32BE(8)).toBe(0); // version 0, no flags
    const scheme = 'https://aomedia.org/emsg/ID3';
    expect(box.toString('latin1', 12, 12 + scheme.length)).toBe(scheme);
    let at = 12 + scheme.length;
    expect(box.subarray(at, at + 2)).toEqual(Buffer.from([0, 0])); // its NUL, then value "" and its NUL
    at += 2;
    expect(box.readUInt32BE(at)).toBe(1000); // timescale
    expect(box.readUInt32BE(at + 4)).toBe(0); // presentation_time_delta
    expect(box.readUInt32BE(at + 8)).toBe(0xffffffff); // duration unknown
    expect(box.readUInt32BE(at + 12)).toBe(7);
    expect(box.subarray(at + 16)).toEqual(id3Title('Night Drive'));
  });
});

import { describe, expect, it } from 'vitest';
import { icyMetadataBlock, icySink, parseIcy } from './icy';

function collect(title: () => string | null, metaint: number) {
  const written: Buffer[] = [];
  const sink = icySink({ write: (b) => written.push(b), buffered: () => 0, close: () => {} }, title, metaint);
  return { sink, bytes: () => Buffer.concat(written) };
}

describe('ICY metadata', () => {
  it('frames StreamTitle in UTF-8, padded to 16-byte blocks, with its length byte', () => {
    const block = icyMetadataBlock('Zoë – Ψ ☕');
    const text = Buffer.from("StreamTitle='Zoë – Ψ ☕';", 'utf8');
    expect(block[0]).toBe(Math.ceil(text.length / 16));
    expect(block.length).toBe(1 + block[0] * 16);
    expect(block.subarray(1, 1 + text.length)).toEqual(text);
    expect(block.subarray(1 + text.length).every((b) => b === 0)).toBe(true);
    expect(icyMetadataBlock(null).toString('utf8', 1).replace(/\0+$/, '')).toBe("StreamTitle='';");
  });

  it('cuts a title too long for one block on a character boundary, and softens a field end inside it', () => {
    const long = icyMetadataBlock('☕'.repeat(3000));
    expect(long[0]).toBe(255);
    const text = long.toString('utf8', 1).replace(/\0+$/, '');
    expect(text).toMatch(/^StreamTitle='☕+';$/);
    expect(icyMetadataBlock("Rock';n roll").toString('utf8', 1)).toContain("StreamTitle='Rock' ;n roll';");
  });

  it('interleaves a block every metaint bytes whatever the write sizes; the title only when it changed', () => {
    let title: string | null = 'One';
    const { sink, bytes } = collect(() => title, 10);
    const audio = Buffer.from(Array.from({ length: 47 }, (_, i) => i));
    sink.write(audio.subarray(0, 3));
    sink.write(audio.subarray(3, 25)); // crosses two metadata points
    title = 'Two';
    sink.write(audio.subarray(25, 47));
    const out = bytes();
    const parsed = parseIcy(out, 10);
    expect(parsed.audio).toEqual(audio);
    expect(parsed.titles).toEqual(['One', 'Two']);
    // The second point repeated "One": a single 0 byte there.
    expect(out[10 + icyMetadataBlock('One').length + 10]).toBe(0);
  });
});

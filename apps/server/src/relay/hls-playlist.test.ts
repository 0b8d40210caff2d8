import { describe, expect, it } from 'vitest';
import { HLS_PARTS_PER_SEGMENT, HlsPlaylist } from './hls-playlist';

const PART = (16 * 1024) / 48000;
const part = (n: number) => ({ bytes: Buffer.from([n]), duration: PART });

function filled(parts: number): HlsPlaylist {
  const pl = new HlsPlaylist('rabc');
  pl.init = Buffer.from('init');
  for (let i = 0; i < parts; i++) pl.addPart(part(i));
  return pl;
}

describe('HlsPlaylist', () => {
  it('groups parts into 6-part segments and hints the next part', () => {
    const pl = filled(8);
    const text = pl.render();
    expect(text).toContain('#EXT-X-TARGETDURATION:2\n');
    expect(text).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.026\n');
    expect(text).toContain('#EXT-X-MAP:URI="rabc/init.mp4"\n');
    expect(text).toContain(`#EXTINF:${(6 * PART).toFixed(5)},\nrabc/s0.m4s\n`);
    expect(text).toContain('#EXT-X-PART:DURATION=0.34133,URI="rabc/p1.1.m4s",INDEPENDENT=YES\n');
    expect(text.trimEnd().split('\n').pop()).toBe('#EXT-X-PRELOAD-HINT:TYPE=PART,URI="rabc/p1.2.m4s"');
    expect(pl.segment(0)).toEqual(Buffer.from([0, 1, 2, 3, 4, 5]));
    expect(pl.segment(1)).toBeUndefined(); // still being made
    expect(pl.part(1, 1)).toEqual(part(7));
  });

  it('answers blocking-reload conditions and bounds how far ahead a part request may wait', () => {
    const pl = filled(8);
    expect(pl.has(0)).toBe(true);
    expect(pl.has(1)).toBe(false);
    expect(pl.has(1, 1)).toBe(true);
    expect(pl.has(1, 2)).toBe(false);
    // Past segment 0's last part: segment 1's parts (hls.js asks for "last part + 1").
    expect(pl.has(0, 6)).toBe(true);
    expect(pl.has(0, 7)).toBe(true);
    expect(pl.has(0, 8)).toBe(false);
    expect(pl.isUpcoming(1, 2)).toBe(true);
    expect(pl.isUpcoming(2, 5)).toBe(true);
    expect(pl.isUpcoming(5, 0)).toBe(false);
    expect(pl.isUpcoming(1, 1)).toBe(false); // exists: nothing to wait for
  });

  it('keeps a window of 6 complete segments, listing parts only for the newest two', () => {
    const pl = filled(10 * HLS_PARTS_PER_SEGMENT + 1);
    const text = pl.render();
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:4\n');
    expect(text).not.toContain('rabc/s3.m4s');
    expect(text).not.toContain('URI="rabc/p7.0.m4s"');
    expect(text).toContain('URI="rabc/p8.0.m4s"');
    expect(pl.part(3, 0)).toBeUndefined();
  });

  it('ends with the partial segment as the last one and ENDLIST, and no hint', () => {
    const pl = filled(8);
    pl.end();
    const text = pl.render();
    expect(text).toContain(`#EXTINF:${(2 * PART).toFixed(5)},\nrabc/s1.m4s\n`);
    expect(text).toContain('#EXT-X-ENDLIST');
    expect(text).not.toContain('PRELOAD-HINT');
    expect(pl.has(99, 0)).toBe(true); // nothing more will come: blocked requests return at once
  });
});

describe('HlsPlaylist now playing', () => {
  it('lists title changes as EXT-X-DATERANGE X-TITLE with program date-times, as hls.js reads them', async () => {
    const { M3U8Parser } = await import('hls.js');
    const t0 = Date.parse('2026-11-27T08:00:00.000Z');
    const pl = new HlsPlaylist('rabc');
    pl.init = Buffer.from('init');
    pl.setTitle(null, t0); // nothing playing: no range
    pl.setTitle('Zoë – "Ψ" ☕', t0 + 500);
    for (let i = 0; i < 8; i++) pl.addPart(part(i), t0 + 1000 + i * 341);
    pl.setTitle('Second\nsong', t0 + 3000);
    pl.setTitle('Second\nsong', t0 + 3100); // the same again: no new range
    const text = pl.render();
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-11-27T08:00:00.658Z\n');
    const details = M3U8Parser.parseLevelPlaylist(text, 'http://127.0.0.1/index.m3u8', 0, 'main' as never, 0, null);
    const ranges = Object.values(details.dateRanges)
      .filter((r) => r !== undefined)
      .sort((a, b) => a.startTime - b.startTime);
    expect(ranges.map((r) => [r.attr['X-TITLE'], r.startDate.toISOString(), r.isValid])).toEqual([
      ["Zoë – 'Ψ' ☕", '2026-11-27T08:00:00.500Z', true],
      ['Second song', '2026-11-27T08:00:03.000Z', true],
    ]);
  });

  it('keeps only the title in force at the oldest listed segment and the changes after it', () => {
    const pl = new HlsPlaylist('rabc');
    pl.init = Buffer.from('init');
    const t0 = 1_800_000_000_000;
    pl.setTitle('Old', t0);
    pl.setTitle('Current', t0 + 10);
    // 8 segments of ~2 s: the oldest listed one starts long after both titles.
    for (let i = 0; i < 8 * 6; i++) {
      pl.addPart(part(i), t0 + 1000 + i * 341);
      if (i === 40) pl.setTitle('Newest', t0 + 1000 + i * 341);
    }
    const text = pl.render();
    expect(text).not.toContain('X-TITLE="Old"');
    expect(text).toContain('X-TITLE="Current"');
    expect(text).toContain('X-TITLE="Newest"');
  });
});

describe('HlsPlaylist now playing in the media', () => {
  const startsWithEmsg = (b: Buffer | undefined) => b !== undefined && b.toString('latin1', 4, 8) === 'emsg';

  it('puts the title ahead of the part after a change and of each segment start, never without a title', () => {
    const pl = new HlsPlaylist('rabc');
    pl.addPart(part(0));
    expect(pl.part(0, 0)).toEqual(part(0)); // no title yet: the fragment as it came
    pl.setTitle('Night Drive');
    pl.addPart(part(1));
    pl.addPart(part(2));
    const tagged = pl.part(0, 1)?.bytes;
    expect(startsWithEmsg(tagged)).toBe(true);
    expect(tagged?.includes(Buffer.from('Night Drive'))).toBe(true);
    expect(tagged?.subarray(-1)).toEqual(Buffer.from([1])); // the fragment follows the box
    expect(pl.part(0, 2)).toEqual(part(2));
    for (let i = 3; i < HLS_PARTS_PER_SEGMENT + 2; i++) pl.addPart(part(i));
    expect(startsWithEmsg(pl.part(1, 0)?.bytes)).toBe(true); // a later joiner's first segment has it
    expect(startsWithEmsg(pl.part(1, 1)?.bytes)).toBe(false);
    pl.setTitle(null);
    pl.addPart(part(9));
    expect(pl.part(1, 2)).toEqual(part(9)); // cleared: nothing to say
  });
});

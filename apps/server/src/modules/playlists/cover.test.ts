import { describe, expect, it } from 'vitest';
import { coverMimeOfKey, sniffCover } from './cover';

const bytes = (...v: number[]) => new Uint8Array(v);
const text = (s: string) => new TextEncoder().encode(s);

describe('sniffCover', () => {
  it('recognises JPEG, PNG and WebP by their magic bytes', () => {
    expect(sniffCover(bytes(0xff, 0xd8, 0xff, 0xe0))?.mime).toBe('image/jpeg');
    expect(sniffCover(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))?.ext).toBe('png');
    expect(sniffCover(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))?.mime).toBe('image/webp');
  });
  it('refuses anything else, including a GIF, text and too few bytes', () => {
    expect(sniffCover(text('GIF89a......'))).toBeNull();
    expect(sniffCover(text('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffCover(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffCover(text('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBeNull();
  });
  it('maps stored keys back to a content type', () => {
    expect(coverMimeOfKey('playlist-covers/p/x.webp')).toBe('image/webp');
    expect(coverMimeOfKey('playlist-covers/p/x.jpg')).toBe('image/jpeg');
  });
});

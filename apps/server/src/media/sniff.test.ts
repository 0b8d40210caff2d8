import { describe, expect, it } from 'vitest';
import { id3Size, sniffAfterId3, sniffAudio, sniffImage } from './sniff';

const bytes = (...b: number[]) => Buffer.from(b);
const text = (s: string) => Buffer.from(s, 'latin1');

describe('sniffAudio', () => {
  it('recognises each accepted container by its first bytes', () => {
    expect(sniffAudio(text('ID3\x04\x00\x00\x00\x00\x00\x10'))).toBe('id3');
    expect(sniffAudio(bytes(0xff, 0xfb, 0x90, 0x64))).toBe('mp3');
    expect(sniffAudio(bytes(0xff, 0xf1, 0x50, 0x80))).toBe('aac');
    expect(sniffAudio(text('RIFF\x24\x00\x00\x00WAVEfmt '))).toBe('wav');
    expect(sniffAudio(text('\x00\x00\x00\x20ftypM4A '))).toBe('m4a');
    expect(sniffAudio(text('fLaC\x00\x00\x00\x22'))).toBe('flac');
    expect(sniffAudio(text('OggS\x00\x02\x00\x00'))).toBe('ogg');
    expect(sniffAudio(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f))).toBe('webm');
  });
  it('refuses text, HTML, images and impossible MPEG headers', () => {
    expect(sniffAudio(text('hello world, not audio'))).toBeNull();
    expect(sniffAudio(text('<!doctype html>'))).toBeNull();
    expect(sniffAudio(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBeNull();
    expect(sniffAudio(text('RIFF\x24\x00\x00\x00WEBPVP8 '))).toBeNull();
    expect(sniffAudio(bytes(0xff, 0xfb, 0xf0, 0x64))).toBeNull(); // bitrate index 15
    expect(sniffAudio(Buffer.alloc(0))).toBeNull();
  });
  it('reads the ID3 size and what follows the tag', () => {
    expect(id3Size(text('ID3\x04\x00\x00\x00\x00\x01\x00'))).toBe(10 + 128);
    expect(id3Size(text('ID3\x04\x00\x10\x00\x00\x00\x05'))).toBe(10 + 5 + 10);
    expect(sniffAfterId3(bytes(0xff, 0xf9, 0x50, 0x80))).toBe('aac');
    expect(sniffAfterId3(text('fLaC'))).toBe('flac');
    expect(sniffAfterId3(bytes(0xff, 0xfb, 0x90, 0x64))).toBe('mp3');
  });
});

describe('sniffImage', () => {
  it('takes JPEG, PNG and WebP only', () => {
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffImage(text('RIFF\x24\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(sniffImage(text('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImage(text('GIF89a'))).toBeNull();
    expect(sniffImage(text('\x00\x00\x00\x18ftypheic'))).toBeNull();
  });
});

describe('sniffImage over any byte array', () => {
  const u8 = (...b: (number | string)[]) =>
    Uint8Array.from(b.flatMap((x) => (typeof x === 'string' ? [...Buffer.from(x)] : [x])));
  it('reads JPEG, PNG and WebP from a Uint8Array', () => {
    expect(sniffImage(u8(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImage(u8(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffImage(u8('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('webp');
    // A view into a larger buffer reads its own bytes, not the buffer's start.
    expect(sniffImage(u8(0, 0, 0xff, 0xd8, 0xff).subarray(2))).toBe('jpeg');
  });
  it('refuses everything else', () => {
    expect(sniffImage(u8('GIF89a'))).toBeNull();
    expect(sniffImage(u8('<svg '))).toBeNull();
    expect(sniffImage(u8('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(sniffImage(u8(0xff, 0xd8))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

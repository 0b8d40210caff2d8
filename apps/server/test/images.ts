import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { imageSize } from '../src/media/cover';
import { ffmpeg } from '../src/media/ffmpeg';

/** A real image of `size` (e.g. '400x300') from ffmpeg's test pattern, in the format `ext` names. */
export async function testImage(dir: string, size: string, ext: string, codec: string[] = []): Promise<Buffer> {
  const file = path.join(dir, `${randomUUID()}.${ext}`);
  await ffmpeg(['-v', 'error', '-f', 'lavfi', '-i', `testsrc=s=${size}`, '-frames:v', '1', ...codec, '-y', file]);
  return fs.readFile(file);
}

/** Width and height of served image bytes, as ffprobe (or ffmpeg) reads them. */
export async function dimensionsOf(dir: string, bytes: Buffer, type: 'png' | 'jpeg') {
  const file = path.join(dir, `${randomUUID()}.img`);
  await fs.writeFile(file, bytes);
  return imageSize(file, type);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid PNG header declaring width x height (RGB), with a few kilobytes of compressed zero rows. */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = zlib.deflateSync(Buffer.alloc((width * 3 + 1) * 64));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// Test helpers for the tracks module: real media files made by ffmpeg, and multipart bodies.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestApp, TestUser } from '../../../test/helpers';
import { ffmpeg } from '../../media/ffmpeg';

export type FixtureFormat = 'mp3' | 'mp3-noid3' | 'wav' | 'm4a' | 'aac' | 'flac' | 'ogg' | 'opus' | 'webm';

const ENCODE: Record<FixtureFormat, { ext: string; args: string[] }> = {
  mp3: { ext: 'mp3', args: ['-c:a', 'libmp3lame', '-b:a', '128k'] },
  'mp3-noid3': { ext: 'mp3', args: ['-c:a', 'libmp3lame', '-b:a', '128k', '-write_id3v2', '0'] },
  wav: { ext: 'wav', args: ['-c:a', 'pcm_s16le'] },
  m4a: { ext: 'm4a', args: ['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart'] },
  aac: { ext: 'aac', args: ['-c:a', 'aac', '-b:a', '128k', '-f', 'adts'] },
  flac: { ext: 'flac', args: ['-c:a', 'flac'] },
  ogg: { ext: 'ogg', args: ['-c:a', 'libvorbis', '-q:a', '3'] },
  opus: { ext: 'opus', args: ['-c:a', 'libopus', '-b:a', '64k', '-f', 'ogg'] },
  webm: { ext: 'webm', args: ['-c:a', 'libopus', '-b:a', '64k', '-f', 'webm'] },
};

/** A tone of `seconds` encoded as `format`. */
export async function makeAudio(dir: string, format: FixtureFormat, seconds: number, freq = 440): Promise<string> {
  const file = path.join(dir, `${format}-${seconds}-${randomUUID().slice(0, 6)}.${ENCODE[format].ext}`);
  await ffmpeg([
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${freq}:duration=${seconds}:sample_rate=44100`,
    '-ac',
    '2',
    ...ENCODE[format].args,
    '-y',
    file,
  ]);
  return file;
}

export async function makeImage(dir: string, ext: 'png' | 'jpg', size = 400): Promise<string> {
  const file = path.join(dir, `cover-${randomUUID().slice(0, 6)}.${ext}`);
  await ffmpeg(
    ['-v', 'error', '-f', 'lavfi', '-i', `color=c=0x3b2a6b:s=${size}x${Math.round(size * 0.75)}`].concat([
      '-frames:v',
      '1',
      '-y',
      file,
    ]),
  );
  return file;
}

export interface FilePart {
  name: string;
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body: fields first, then files (the order the web app sends). */
export function multipartBody(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----wavecast${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function audioPart(file: string, filename = path.basename(file), type = 'audio/mpeg'): Promise<FilePart> {
  return { name: 'audio', filename, type, data: await fs.readFile(file) };
}

/** Every file under a directory (recursively), relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else out.push(path.relative(dir, full));
    }
  };
  await walk(dir);
  return out;
}

/** Uploads a 2 s MP3 as `owner` through the API and processes it: the track's id and storage key. */
export async function uploadProcessed(
  t: TestApp,
  owner: TestUser,
  dir: string,
  title: string,
): Promise<{ trackId: string; audioKey: string }> {
  const { body, contentType } = multipartBody({ title }, [await audioPart(await makeAudio(dir, 'mp3', 2))]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tracks',
    headers: { cookie: owner.cookie, 'content-type': contentType },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const trackId = res.json().track.id as string;
  await t.ctx.jobs.drain();
  const [row] = await t.ctx.database.query<{ audio_key: string }>('SELECT audio_key FROM audio_content WHERE id = $1', [
    trackId,
  ]);
  return { trackId, audioKey: row.audio_key };
}

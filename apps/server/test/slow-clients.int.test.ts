import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioPart, makeAudio, multipartBody } from '../src/modules/tracks/testing';
import { createTestApp, signUp, type TestApp, type TestUser } from './helpers';

// Slow clients on real sockets, with short limits: head 1 s, body ≥ 256 bytes a second, idle 1.5 s.
// Every slow client below would stay connected for minutes without the limits; every honest one
// takes longer than all of them together and must still finish.
const LIMITS = {
  HTTP_HEADERS_TIMEOUT_MS: '1000',
  HTTP_BODY_TIMEOUT_MS: '1000',
  HTTP_BODY_MIN_BYTES: '256',
  HTTP_IDLE_TIMEOUT_MS: '1500',
};
/** Far above every limit (a loaded CI machine), far below "stays open". */
const CLOSED_WITHIN_MS = 8000;

let t: TestApp;
let port: number;
let creator: TestUser;
let dir: string;

beforeAll(async () => {
  t = await createTestApp(LIMITS);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  creator = await signUp(t, { role: 'creator' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-slow-'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function connect(): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((r, j) => socket.once('connect', r).once('error', j));
  return socket;
}

/** Keeps doing `step` every `everyMs` until the server closes the socket; resolves with the time it took. */
async function closedBy(socket: net.Socket, step: () => void, everyMs: number): Promise<number> {
  const started = Date.now();
  let closed = false;
  const done = new Promise<void>((r) => socket.once('close', () => r()));
  socket.on('error', () => {});
  socket.on('data', () => {});
  void done.then(() => {
    closed = true;
  });
  while (!closed && Date.now() - started < CLOSED_WITHIN_MS) {
    step();
    await Promise.race([sleep(everyMs), done]);
  }
  expect(closed, 'the server should have closed the connection').toBe(true);
  return Date.now() - started;
}

/** Reads a whole HTTP/1.1 response with Content-Length from a raw socket, `pace` ms between reads. */
function readResponse(socket: net.Socket, opts: { paceMs?: number } = {}) {
  return new Promise<{ status: number; headers: string; body: Buffer }>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const tryFinish = () => {
      const buf = Buffer.concat(chunks, total);
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buf.subarray(0, end).toString('latin1');
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (buf.length - end - 4 < length) return;
      socket.removeAllListeners('data');
      resolve({
        status: Number(head.split(' ')[1]),
        headers: head,
        body: buf.subarray(end + 4, end + 4 + length),
      });
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      total += chunk.length;
      tryFinish();
      if (opts.paceMs) {
        socket.pause();
        setTimeout(() => socket.resume(), opts.paceMs);
      }
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`closed after ${total} bytes`)));
  });
}

describe('slow clients are cut off', () => {
  it('a request head that never ends (a header line every 200 ms)', async () => {
    const socket = await connect();
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    let n = 0;
    const ms = await closedBy(socket, () => socket.write(`X-Slow-${n++}: 1\r\n`), 200);
    expect(ms).toBeGreaterThanOrEqual(900);
  });

  it('a body trickled a byte every 200 ms (the connection is never idle)', async () => {
    const socket = await connect();
    socket.write(
      'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{',
    );
    const ms = await closedBy(socket, () => socket.write(' '), 200);
    expect(ms).toBeGreaterThanOrEqual(900);
  });

  it('a connection that says nothing', async () => {
    const socket = await connect();
    const ms = await closedBy(socket, () => {}, 100);
    expect(ms).toBeGreaterThanOrEqual(900);
  });

  it('a keep-alive connection left silent after its answer', async () => {
    const socket = await connect();
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect((await readResponse(socket)).status).toBe(200);
    await closedBy(socket, () => {}, 100);
  });
});

describe('honest slow clients finish', () => {
  it('an upload sent steadily over 4 s (longer than every limit) is stored', async () => {
    const mp3 = await makeAudio(dir, 'mp3', 3);
    const { body, contentType } = multipartBody({ title: 'Slow upload' }, [await audioPart(mp3)]);
    const socket = await connect();
    const response = readResponse(socket);
    socket.write(
      `POST /api/tracks HTTP/1.1\r\nHost: localhost\r\nCookie: ${creator.cookie}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const steps = 40;
    const size = Math.ceil(body.length / steps);
    const started = Date.now();
    for (let i = 0; i < steps; i++) {
      socket.write(body.subarray(i * size, (i + 1) * size));
      await sleep(100); // a slow uploader: at least 4 s in all
    }
    const res = await response;
    expect(Date.now() - started).toBeGreaterThan(3000);
    expect(res.status, res.body.toString()).toBe(201);
    socket.destroy();
  });

  it('a listener reading a large file slowly (over 3 s) gets every byte', async () => {
    // ~5.6 MB of WAV: more than the socket buffers hold, so the server must wait for the reader.
    const wav = await makeAudio(dir, 'wav', 32);
    const original = await fs.readFile(wav);
    const { body, contentType } = multipartBody({ title: 'Long listen' }, [await audioPart(wav, 'l.wav', 'audio/wav')]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/tracks',
      headers: { cookie: creator.cookie, 'content-type': contentType },
      payload: body,
    });
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().track.id as string;
    const socket = await connect();
    // Small reads, paced: ~64 KiB every 40 ms at most.
    socket.setNoDelay(true);
    const response = readResponse(socket, { paceMs: 40 });
    const started = Date.now();
    socket.write(
      `GET /api/tracks/${id}/stream?format=original HTTP/1.1\r\nHost: localhost\r\n` +
        `Cookie: ${creator.cookie}\r\nRange: bytes=0-\r\n\r\n`,
    );
    const res = await response;
    expect(res.status).toBe(206);
    expect(Date.now() - started).toBeGreaterThan(3000);
    expect(res.body.equals(original)).toBe(true);
    socket.destroy();
  });
});

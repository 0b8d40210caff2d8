import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { RealtimeMessage } from '@wavecast/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../../test/helpers';
import { liveStreamKeys, liveStreams } from '../../../db/schema';
import { findFfmpeg } from '../../../media/ffmpeg';
import { listen } from '../../../relay/testing/clients';
import { decodeWebm } from '../../../relay/testing/decode';
import { chromeCapture } from '../../../relay/testing/webm-fixtures';

let t: TestApp;
let port: number;
let ingestPort: number;
let dir: string;
let wav: string;
const INPUT_SECONDS = 5;
const GRACE_MS = 500;
const events: RealtimeMessage[] = [];

beforeAll(async () => {
  t = await createTestApp({ LIVE_INGEST_PORT: '0', LIVE_INGEST_HOST: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  ingestPort = t.app.encoderIngest?.port as number;
  // A listener joining in the first seconds still gets the broadcast from its very start.
  t.app.live.configure({ graceMs: GRACE_MS, burstMs: 10_000 });
  t.ctx.bus.subscribe((m) => events.push(m));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-ingest-'));
  wav = path.join(dir, 'in.wav');
  execFileSync(findFfmpeg(), ['-v', 'error', '-f', 'lavfi', '-i', `sine=f=440:d=${INPUT_SECONDS}`, '-ac', '2', wav]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Over Redis the event may arrive a moment after the row says live. */
const startedEvent = (id: string) =>
  until(() => events.some((e) => e.event === 'live.started' && (e.data as { streamId?: string }).streamId === id));

async function until<T>(fn: () => T | Promise<T>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(25);
  }
}

async function creatorWithKey(name = 'Main desk'): Promise<{ user: TestUser; key: string; keyId: string }> {
  const user = await signUp(t, { role: 'creator', name: 'Nova' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/live/keys',
    headers: { cookie: user.cookie },
    payload: { name },
  });
  expect(res.statusCode).toBe(201);
  return { user, key: res.json().secret, keyId: res.json().key.id };
}

const streamOf = async (id: string, cookie?: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/live/${id}`, headers: cookie ? { cookie } : {} })).json();

/** The stream the hub holds for this creator (the encoder's). */
async function liveStreamOf(user: TestUser): Promise<string> {
  return until<string | null>(async () => {
    for (const id of t.app.live.hub.activeIds()) if ((await streamOf(id)).creator.id === user.id) return id;
    return null;
  }) as Promise<string>;
}

/** ffmpeg as an Icecast source client, in real time. */
function ffmpegSource(args: string[], key: string) {
  const child = spawn(findFfmpeg(), [
    '-hide_banner',
    '-v',
    'error',
    '-re',
    '-i',
    wav,
    ...args,
    `icecast://source:${key}@127.0.0.1:${ingestPort}/live`,
  ]);
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<{ code: number | null; stderr: string }>((r) =>
    child.on('close', (code) => r({ code, stderr })),
  );
  return { exited };
}

/** A hand-made source client: writes a head, keeps what comes back. */
function rawSource(head: string) {
  const socket = net.connect(ingestPort, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => {
    received += d.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((r) => socket.on('close', () => r()));
  socket.write(head);
  return { socket, received: () => received, closed };
}

function sourceHead(o: {
  key: string;
  method?: string;
  type?: string;
  expect?: boolean;
  chunked?: boolean;
  user?: string;
}) {
  const auth = Buffer.from(`${o.user ?? 'source'}:${o.key}`).toString('base64');
  return (
    `${o.method ?? 'PUT'} /live HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Basic ${auth}\r\n` +
    `Content-Type: ${o.type ?? 'audio/webm'}\r\nIce-Name: Raw show\r\n` +
    (o.expect ? 'Expect: 100-continue\r\n' : '') +
    (o.chunked ? 'Transfer-Encoding: chunked\r\n' : '') +
    '\r\n'
  );
}

const chunk = (b: Buffer) => Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);

describe('encoder ingest with real ffmpeg as the source client', () => {
  it('Ogg/Opus: goes live with the ice-name and ice-genre, a listener hears all of it, the recording becomes a draft', async () => {
    const { user, key } = await creatorWithKey('Night DJ');
    const source = ffmpegSource(
      [
        '-c:a',
        'libopus',
        '-b:a',
        '96k',
        '-content_type',
        'audio/ogg',
        '-ice_name',
        'Night Shift',
        '-ice_genre',
        'talk shows',
        '-f',
        'ogg',
      ],
      key,
    );
    const id = await liveStreamOf(user);
    const listener = listen(port, `/api/live/${id}/stream`);
    expect(await listener.head).toMatch(/^HTTP\/1\.1 200/);
    const on = await until(async () => ((await streamOf(id)).status === 'live' ? streamOf(id) : null));
    expect(on).toMatchObject({ title: 'Night Shift', category: 'Talk Shows', isActive: true });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/live' })).json();
    expect(listed.items.map((s: { id: string }) => s.id)).toContain(id);
    await startedEvent(id);
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'live.started', data: { streamId: id, userId: user.id, keyName: 'Night DJ' } }),
    );

    expect((await source.exited).code).toBe(0);
    await listener.ended; // the grace period ran out after the encoder left
    const heard = decodeWebm(listener.body());
    expect(heard.errors).toBe('');
    expect(Math.abs(heard.seconds - INPUT_SECONDS)).toBeLessThan(0.5);

    await until(async () => (await streamOf(id)).status === 'ended');
    await t.app.live.recordingSettled(id);
    const ended = await streamOf(id, user.cookie);
    expect(ended.recording).toMatchObject({ isPublic: false });
    expect(Math.abs(ended.recording.duration - INPUT_SECONDS)).toBeLessThan(0.5);
  });

  it('MP3 (transcoded): goes live on the stream prepared on Go Live', async () => {
    const { user, key } = await creatorWithKey();
    const prepared = await t.app.inject({
      method: 'POST',
      url: '/api/live',
      headers: { cookie: user.cookie },
      payload: { title: 'Prepared show', category: 'News', tags: ['late'] },
    });
    expect(prepared.statusCode).toBe(201);
    const id = prepared.json().id as string;
    const source = ffmpegSource(
      ['-c:a', 'libmp3lame', '-b:a', '128k', '-content_type', 'audio/mpeg', '-f', 'mp3'],
      key,
    );
    expect(await liveStreamOf(user)).toBe(id);
    const listener = listen(port, `/api/live/${id}/stream`);
    await until(async () => (await streamOf(id)).status === 'live');
    expect(await streamOf(id)).toMatchObject({ title: 'Prepared show', category: 'News', tags: ['late'] });

    expect((await source.exited).code).toBe(0);
    await listener.ended;
    const heard = decodeWebm(listener.body());
    expect(heard.errors).toBe('');
    expect(Math.abs(heard.seconds - INPUT_SECONDS)).toBeLessThan(0.5);
    await until(async () => (await streamOf(id)).status === 'ended');
    await t.app.live.recordingSettled(id);
    const ended = await streamOf(id, user.cookie);
    expect(ended.recording).toMatchObject({ isPublic: false });
    const drafts = await t.app.inject({
      method: 'GET',
      url: `/api/tracks/${ended.recording.trackId}`,
      headers: { cookie: user.cookie },
    });
    expect(drafts.statusCode).toBe(200);
  });
});

describe('encoder ingest: Ogg/Vorbis and AAC are transcoded too', () => {
  const cases: [string, string[]][] = [
    ['Ogg/Vorbis', ['-c:a', 'libvorbis', '-content_type', 'audio/ogg', '-f', 'ogg']],
    ['AAC (ADTS)', ['-c:a', 'aac', '-b:a', '128k', '-content_type', 'audio/aac', '-f', 'adts']],
  ];
  it.each(cases)(
    '%s: a listener hears the 2 s sent',
    async (_name, args) => {
      const { user, key } = await creatorWithKey();
      const source = ffmpegSource(['-t', '2', ...args], key);
      const id = await liveStreamOf(user);
      const listener = listen(port, `/api/live/${id}/stream`);
      expect((await source.exited).code).toBe(0);
      await listener.ended;
      const heard = decodeWebm(listener.body());
      expect(heard.errors).toBe('');
      expect(Math.abs(heard.seconds - 2)).toBeLessThan(0.5);
      await until(async () => (await streamOf(id)).status === 'ended');
    },
    60_000,
  );
});

describe('encoder ingest: the source protocol and bad input', () => {
  const webm = chromeCapture().chunks;

  it('refuses a wrong key with 401 before any audio: no 100 Continue, no stream', async () => {
    const { user } = await creatorWithKey();
    const src = rawSource(sourceHead({ key: 'wsk_not-a-real-key', expect: true }));
    await src.closed;
    expect(src.received()).toMatch(/^HTTP\/1\.0 401 /);
    expect(src.received()).toContain('WWW-Authenticate: Basic realm="Icecast2 Server"');
    expect(src.received()).not.toContain('100 Continue');
    const mine = (await t.app.inject({ method: 'GET', url: '/api/live', headers: { cookie: user.cookie } })).json();
    expect(mine.items.filter((s: { creator: { id: string } }) => s.creator.id === user.id)).toEqual([]);
    // No Authorization at all, and a key in the SHOUTcast v1 password form that is wrong.
    const none = rawSource('SOURCE /live HTTP/1.0\r\nContent-Type: audio/mpeg\r\n\r\n');
    await none.closed;
    expect(none.received()).toMatch(/^HTTP\/1\.0 401 /);
  });

  it('refuses a revoked key (401) and an unsupported content type (415)', async () => {
    const { user, key, keyId } = await creatorWithKey();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/live/keys/${keyId}`,
      headers: { cookie: user.cookie },
    });
    expect(del.statusCode).toBe(200);
    const revoked = rawSource(sourceHead({ key }));
    await revoked.closed;
    expect(revoked.received()).toMatch(/^HTTP\/1\.0 401 /);

    const other = await creatorWithKey();
    const flac = rawSource(sourceHead({ key: other.key, type: 'audio/flac', expect: true }));
    await flac.closed;
    expect(flac.received()).toMatch(/^HTTP\/1\.0 415 /);
    expect(flac.received()).not.toContain('100 Continue');
  });

  it('SOURCE (SHOUTcast v1 password form) goes live; a second source on the same key gets 403 Mountpoint in use', async () => {
    const { user, key } = await creatorWithKey('Co-host');
    const src = rawSource(sourceHead({ method: 'SOURCE', key: `source:${key}`, user: 'whoever' }));
    await until(() => src.received().startsWith('HTTP/1.0 200 OK'));
    for (const c of webm.slice(0, 5)) src.socket.write(c);
    const id = await liveStreamOf(user);
    await until(async () => (await streamOf(id)).status === 'live');
    await startedEvent(id);
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'live.started', data: { streamId: id, userId: user.id, keyName: 'Co-host' } }),
    );

    const second = rawSource(sourceHead({ key, expect: true }));
    await second.closed;
    expect(second.received()).toMatch(/^HTTP\/1\.0 403 /);
    expect(second.received()).toContain('Mountpoint in use');

    src.socket.end();
    await until(async () => (await streamOf(id)).status === 'ended');
  });

  it('PUT with Expect: 100-continue and a chunked body goes live; revoking the key cuts the source', async () => {
    const { user, key, keyId } = await creatorWithKey();
    const src = rawSource(sourceHead({ key, expect: true, chunked: true }));
    await until(() => src.received().includes('HTTP/1.0 200 OK'));
    expect(src.received()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.0 200 OK/);
    for (const c of webm.slice(0, 5)) src.socket.write(chunk(c));
    const id = await liveStreamOf(user);
    await until(async () => (await streamOf(id)).status === 'live');
    await t.app.inject({ method: 'DELETE', url: `/api/live/keys/${keyId}`, headers: { cookie: user.cookie } });
    await src.closed;
    await until(async () => (await streamOf(id)).status === 'ended');
  });

  it('cuts off a source sending faster than real time', async () => {
    const { user, key } = await creatorWithKey();
    t.app.live.configure({ ingestBytesPerSecond: 2000, ingestBurstBytes: 4000 });
    try {
      const src = rawSource(sourceHead({ key }));
      await until(() => src.received().startsWith('HTTP/1.0 200 OK'));
      for (const c of webm) src.socket.write(c); // 3 s of audio at once, far above the cap
      await src.closed; // cut by the server
      // Cut within the first burst: no publisher is left and at most a fraction of a second was
      // relayed (whether that first burst went on air depends on how the socket's reads fell).
      const rows = await t.ctx.database.db.select().from(liveStreams).where(eq(liveStreams.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(t.app.live.hub.get(rows[0].id)?.hasPublisher ?? false).toBe(false);
      expect(t.app.live.hub.mediaSeconds(rows[0].id) ?? 0).toBeLessThan(1);
    } finally {
      t.app.live.configure({ ingestBytesPerSecond: 256 * 1024, ingestBurstBytes: 4 * 1024 * 1024 });
    }
  });

  it('a stalled source: the stream ends after the grace period and its recording is kept', async () => {
    const { user, key } = await creatorWithKey();
    const src = rawSource(sourceHead({ key }));
    await until(() => src.received().startsWith('HTTP/1.0 200 OK'));
    for (const c of webm) src.socket.write(c);
    const id = await liveStreamOf(user);
    await until(async () => (await streamOf(id)).status === 'live');
    // The encoder keeps its connection open but sends nothing more.
    await src.closed;
    await until(async () => (await streamOf(id)).status === 'ended');
    await t.app.live.recordingSettled(id);
    const ended = await streamOf(id, user.cookie);
    expect(ended.recording).toMatchObject({ isPublic: false });
    expect(ended.recording.duration).toBeGreaterThan(2);
  });
});

describe('/api/live/keys', () => {
  it('creators only; the key is shown once and stored as its SHA-256; regenerate replaces it; revoke is per owner', async () => {
    const listener = await signUp(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/live/keys' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/live/keys', headers: { cookie: listener.cookie } })).statusCode,
    ).toBe(403);

    const { user, key, keyId } = await creatorWithKey('Studio OBS');
    expect(key).toMatch(/^wsk_[A-Za-z0-9_-]{43}$/);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/live/keys', headers: { cookie: user.cookie } })
    ).json();
    expect(list.ingestUrl).toBe(`icecast://localhost:${ingestPort}/live`);
    expect(list.items).toEqual([
      { id: keyId, name: 'Studio OBS', prefix: key.slice(0, 10), createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(JSON.stringify(list)).not.toContain(key);
    const [row] = await t.ctx.database.db.select().from(liveStreamKeys).where(eq(liveStreamKeys.id, keyId));
    expect(row.keyHash).toBe(createHash('sha256').update(key).digest('hex'));

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/live/keys',
      headers: { cookie: user.cookie },
      payload: { name: '   ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Name is required');

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/live/keys/${keyId}/regenerate`,
      headers: { cookie: user.cookie },
    });
    expect(again.statusCode).toBe(200);
    const fresh = again.json().secret as string;
    expect(fresh).not.toBe(key);
    const old = rawSource(sourceHead({ key }));
    await old.closed;
    expect(old.received()).toMatch(/^HTTP\/1\.0 401 /);

    const stranger = await creatorWithKey();
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/live/keys/${keyId}`,
      headers: { cookie: stranger.user.cookie },
    });
    expect(theirs.statusCode).toBe(404);
    for (let i = 0; i < 9; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/live/keys',
        headers: { cookie: user.cookie },
        payload: { name: `DJ ${i}` },
      });
      expect(r.statusCode).toBe(201);
    }
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/live/keys',
      headers: { cookie: user.cookie },
      payload: { name: 'One more' },
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe('You can have at most 10 stream keys');
  });
});

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { RealtimeMessage } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../../test/helpers';
import { scaled } from '../../../../test/time';
import { findFfmpeg } from '../../../media/ffmpeg';
import { ICY_METAINT, parseIcy } from '../../../relay/icy';
import { listen } from '../../../relay/testing/clients';
import { decodeWebm, longestSilenceMs } from '../../../relay/testing/decode';
import { chromeCapture } from '../../../relay/testing/webm-fixtures';

// Encoder protocols (issue 34): Icecast PUT and SOURCE, SHOUTcast v1, RTMP; text encodings,
// metadata updates, and the plan's bitrate. Real ffmpeg as the encoder and as the listener. Every
// protocol's test asserts: it went live, its metadata update became now playing (where the
// protocol has one), and a listener decodes the whole stream with no gap over 100 ms.

let t: TestApp;
let port: number;
let ingestPort: number;
let rtmpPort: number;
let dir: string;
let wav: string;
let noise: string;
const GRACE_MS = 500;
const TITLE = 'Café ☕ Live';
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Wavecast</title></head><body></body></html>';
const events: RealtimeMessage[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-protocols-'));
  const web = path.join(dir, 'web');
  fs.mkdirSync(web);
  fs.writeFileSync(path.join(web, 'index.html'), INDEX);
  t = await createTestApp({
    LIVE_INGEST_PORT: '0',
    LIVE_INGEST_HOST: '127.0.0.1',
    WEB_DIST: web,
    RTMP_PORT: String(await freePort()),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  ingestPort = t.app.encoderIngest?.port as number;
  rtmpPort = t.app.encoderIngest?.rtmpPort as number;
  t.app.live.configure({ graceMs: GRACE_MS, burstMs: 10_000 });
  t.ctx.bus.subscribe((m) => events.push(m));
  wav = path.join(dir, 'in.wav');
  execFileSync(findFfmpeg(), ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=440:d=5', '-ac', '2', wav]);
  // Noise: an encoder spends every bit it may on it, so a bitrate cap shows.
  noise = path.join(dir, 'noise.wav');
  execFileSync(findFfmpeg(), ['-v', 'error', '-f', 'lavfi', '-i', 'anoisesrc=d=4:c=pink:a=0.5', '-ac', '2', noise]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A port nothing listens on now (RTMP_PORT 0 means no RTMP listener, so tests name one). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(fn: () => T | Promise<T>, ms = scaled(20_000)): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(25);
  }
}

async function creatorWithKey(): Promise<{ user: TestUser; key: string }> {
  const user = await signUp(t, { role: 'creator', name: 'Nova' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/live/keys',
    headers: { cookie: user.cookie },
    payload: { name: 'Desk' },
  });
  expect(res.statusCode).toBe(201);
  return { user, key: res.json().secret };
}

const streamOf = async (id: string, cookie?: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/live/${id}`, headers: cookie ? { cookie } : {} })).json();

async function liveStreamOf(user: TestUser): Promise<string> {
  return until<string | null>(async () => {
    for (const id of t.app.live.hub.activeIds()) if ((await streamOf(id)).creator.id === user.id) return id;
    return null;
  }) as Promise<string>;
}

/** ffmpeg as an Icecast source client, in real time. */
function ffmpegSource(args: string[], key: string, input = wav) {
  const child = spawn(findFfmpeg(), [
    ...['-hide_banner', '-v', 'error', '-re', '-i', input],
    ...args,
    `icecast://source:${key}@127.0.0.1:${ingestPort}/live`,
  ]);
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return {
    exited: new Promise<{ code: number | null; stderr: string }>((r) =>
      child.on('close', (code) => r({ code, stderr })),
    ),
  };
}

/** One request on a raw socket (the bytes exactly as written); resolves with the whole answer. */
function rawRequest(bytes: string | Buffer, toPort = ingestPort): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(toPort, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => {
      received += d.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(received));
    socket.write(bytes);
  });
}

/** The audio payload's bitrate of a WebM capture (Opus packets over their durations, no container), in bit/s. */
function audioBitsPerSecond(webm: Buffer): number {
  const file = path.join(dir, `probe-${Date.now()}.webm`);
  fs.writeFileSync(file, webm);
  const bin = findFfmpeg();
  const probe = bin === 'ffmpeg' ? 'ffprobe' : path.join(path.dirname(bin), 'ffprobe');
  const args = [
    '-v',
    'error',
    '-select_streams',
    'a:0',
    '-show_entries',
    'packet=size,duration_time',
    '-of',
    'csv=p=0',
  ];
  const r = spawnSync(probe, [...args, file], { encoding: 'utf8' });
  fs.rmSync(file, { force: true });
  let bytes = 0;
  let seconds = 0;
  for (const line of r.stdout.split('\n').filter(Boolean)) {
    const [duration, size] = line.split(',');
    bytes += Number(size);
    seconds += Number(duration);
  }
  return (bytes * 8) / seconds;
}

const basic = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;
const icecastUpdate = (query: string, auth: string | null) =>
  rawRequest(
    `GET /admin/metadata?${query} HTTP/1.0\r\nHost: 127.0.0.1\r\nUser-Agent: liquidsoap\r\n` +
      (auth ? `Authorization: ${auth}\r\n` : '') +
      '\r\n',
  );
const enc = (s: string) => encodeURIComponent(s);

describe('encoder text is UTF-8, with a Latin-1 fallback', () => {
  it(`Icecast PUT: "${TITLE}" from ffmpeg's ice-name: right in the API, the page <title>, og:title and the recording; metadata updates reach the live page`, async () => {
    const { user, key } = await creatorWithKey();
    const other = await creatorWithKey(); // valid key, but nothing on air
    const source = ffmpegSource(
      ['-c:a', 'libopus', '-b:a', '48k', '-content_type', 'audio/ogg', '-ice_name', TITLE, '-f', 'ogg'],
      key,
    );
    const id = await liveStreamOf(user);
    const listener = listen(port, `/api/live/${id}/stream`);
    await until(async () => (await streamOf(id)).status === 'live');
    expect(await streamOf(id)).toMatchObject({ title: TITLE, nowPlaying: null });
    const page = await t.app.inject({ url: `/live/${id}` });
    expect(page.body).toContain(`<title>🔴 ${TITLE} · Wavecast</title>`);
    expect(page.body).toContain(`<meta property="og:title" content="🔴 ${TITLE}" />`);

    // Icecast's metadata update, as liquidsoap and BUTT send it (the key as password, Basic auth).
    const song = 'Zoë Keating – Ψ ☕';
    const ok = await icecastUpdate(`mount=/live&mode=updinfo&song=${enc(song)}`, basic(`source:${key}`));
    expect(ok).toMatch(/^HTTP\/1\.0 200 OK\r\n/);
    expect(ok).toContain('Content-Type: text/xml');
    expect(ok).toContain('<iceresponse><message>Metadata update successful</message><return>1</return></iceresponse>');
    expect((await streamOf(id)).nowPlaying).toBe(song);
    await until(() =>
      events.some(
        (e) =>
          e.topic === `live:${id}` &&
          e.event === 'live.nowPlaying' &&
          (e.data as { nowPlaying: string }).nowPlaying === song,
      ),
    );

    // charset=ISO-8859-1, and bytes that are not UTF-8 without a charset: read as Latin-1.
    expect(
      await icecastUpdate('mount=/live&mode=updinfo&charset=ISO-8859-1&song=Caf%E9', basic(`source:${key}`)),
    ).toMatch(/^HTTP\/1\.0 200 /);
    expect((await streamOf(id)).nowPlaying).toBe('Café');
    expect(await icecastUpdate('mount=/live&mode=updinfo&song=Na%EFve+set', basic(`source:${key}`))).toMatch(
      /^HTTP\/1\.0 200 /,
    );
    expect((await streamOf(id)).nowPlaying).toBe('Naïve set');

    // Wrong credentials: 401 with Icecast's challenge, nothing changes.
    const wrong = await icecastUpdate('mount=/live&mode=updinfo&song=Hijack', basic('source:wsk_wrong'));
    expect(wrong).toMatch(/^HTTP\/1\.0 401 /);
    expect(wrong).toContain('WWW-Authenticate: Basic realm="Icecast2 Server"');
    expect(await icecastUpdate('mount=/live&mode=updinfo&song=Hijack', null)).toMatch(/^HTTP\/1\.0 401 /);
    // A valid key with no source on air, another mount, another mode: 400, nothing changes.
    expect(await icecastUpdate('mount=/live&mode=updinfo&song=X', basic(`source:${other.key}`))).toMatch(
      /^HTTP\/1\.0 400 [\s\S]*<message>Source does not exist<\/message><return>0<\/return>/,
    );
    expect(await icecastUpdate('mount=/other&mode=updinfo&song=X', basic(`source:${key}`))).toMatch(/^HTTP\/1\.0 400 /);
    expect(await icecastUpdate('mount=/live&mode=killsource', basic(`source:${key}`))).toMatch(/^HTTP\/1\.0 400 /);
    expect((await streamOf(id)).nowPlaying).toBe('Naïve set');

    // SHOUTcast v1's form of the same update (on the base port, the password in the query).
    const sc = await rawRequest(
      `GET /admin.cgi?pass=source:${enc(key)}&mode=updinfo&song=${enc('Ünïcode – B-side')} HTTP/1.0\r\nUser-Agent: Mozilla\r\n\r\n`,
    );
    expect(sc).toMatch(/^HTTP\/1\.0 200 OK\r\n/);
    expect((await streamOf(id)).nowPlaying).toBe('Ünïcode – B-side');
    expect(await rawRequest('GET /admin.cgi?pass=nope&mode=updinfo&song=X HTTP/1.0\r\n\r\n')).toMatch(
      /^HTTP\/1\.0 401 /,
    );

    expect((await source.exited).code).toBe(0);
    await listener.ended;
    const heard = decodeWebm(listener.body());
    expect(heard.errors).toBe('');
    expect(Math.abs(heard.seconds - 5)).toBeLessThan(0.5);
    expect(longestSilenceMs(listener.body())).toBeLessThan(100);

    await until(async () => (await streamOf(id)).status === 'ended');
    await t.app.live.recordingSettled(id);
    const ended = await streamOf(id, user.cookie);
    const track = await t.app.inject({
      url: `/api/tracks/${ended.recording.trackId}`,
      headers: { cookie: user.cookie },
    });
    expect(track.json().track.title).toBe(TITLE);
    const after = await t.app.inject({ url: `/live/${id}` });
    expect(after.body).toContain(`<meta property="og:title" content="${TITLE}" />`);
  });

  it('ice-name bytes that are not UTF-8 are read as Latin-1; icy-* headers are read too', async () => {
    const { user, key } = await creatorWithKey();
    const head =
      `SOURCE /live HTTP/1.0\r\nAuthorization: ${basic(`source:${key}`)}\r\nContent-Type: audio/webm\r\n` +
      'icy-name: Caf\xe9 cr\xe8me\r\nicy-genre: News\r\nicy-description: \xc0 la carte\r\n\r\n';
    const socket = net.connect(ingestPort, '127.0.0.1');
    socket.on('error', () => {});
    let received = '';
    socket.on('data', (d) => {
      received += d.toString('latin1');
    });
    socket.write(Buffer.from(head, 'latin1'));
    await until(() => received.startsWith('HTTP/1.0 200 OK'));
    for (const c of chromeCapture().chunks.slice(0, 10)) socket.write(c);
    const id = await liveStreamOf(user);
    expect(await streamOf(id)).toMatchObject({ title: 'Café crème', category: 'News', description: 'À la carte' });
    socket.end();
    await until(async () => (await streamOf(id)).status === 'ended');
  });
});

describe('Icecast SOURCE (the legacy method)', () => {
  it('ffmpeg with -legacy_icecast: goes live, its metadata update becomes now playing, a listener decodes it all with no gap', async () => {
    const { user, key } = await creatorWithKey();
    const source = ffmpegSource(
      ['-legacy_icecast', '1', '-c:a', 'libopus', '-b:a', '64k', '-content_type', 'audio/ogg', '-f', 'ogg'],
      key,
    );
    const id = await liveStreamOf(user);
    const listener = listen(port, `/api/live/${id}/stream`);
    await until(async () => (await streamOf(id)).status === 'live');
    const song = 'Legacy – Ünïcode';
    expect(await icecastUpdate(`mount=/live&mode=updinfo&song=${enc(song)}`, basic(`source:${key}`))).toMatch(
      /^HTTP\/1\.0 200 /,
    );
    expect((await streamOf(id)).nowPlaying).toBe(song);
    expect((await source.exited).code).toBe(0);
    await listener.ended;
    const heard = decodeWebm(listener.body());
    expect(heard.errors).toBe('');
    expect(Math.abs(heard.seconds - 5)).toBeLessThan(0.5);
    expect(longestSilenceMs(listener.body())).toBeLessThan(100);
    await until(async () => (await streamOf(id)).status === 'ended');
  });
});

/** A SHOUTcast v1 source client on a raw socket: password line, waits for OK2, then icy headers and audio. */
function shoutcastSource(password: string) {
  const socket = net.connect(t.app.encoderIngest?.shoutcastPort as number, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => {
    received += d.toString('utf8');
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((r) => socket.on('close', () => r()));
  socket.write(`${password}\r\n`);
  return { socket, received: () => received, closed };
}

/** ffmpeg encoding MP3 at 128 kbit/s in real time, to stdout. */
function mp3Encoder(input = wav) {
  return spawn(findFfmpeg(), [
    ...['-hide_banner', '-v', 'error', '-re', '-i', input],
    ...['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', 'pipe:1'],
  ]);
}

describe('SHOUTcast v1 sources on the ingest port + 1', () => {
  it('password, OK2, icy-* headers, MP3: goes live with the icy-name, a listener hears it, the recording is kept', async () => {
    const { user, key } = await creatorWithKey();
    expect(t.app.encoderIngest?.shoutcastPort).toBeGreaterThan(0);
    const src = shoutcastSource(`source:${key}`);
    await until(() => src.received().includes('\r\n\r\n'));
    expect(src.received()).toBe('OK2\r\nicy-caps:11\r\n\r\n');
    src.socket.write(
      Buffer.from(
        `icy-name:${TITLE}\r\nicy-genre:Talk Shows\r\nicy-pub:0\r\nicy-br:128\r\ncontent-type:audio/mpeg\r\n\r\n`,
        'utf8',
      ),
    );
    const encoder = mp3Encoder();
    encoder.stdout.pipe(src.socket);
    const id = await liveStreamOf(user);
    const listener = listen(port, `/api/live/${id}/stream`);
    await until(async () => (await streamOf(id)).status === 'live');
    expect(await streamOf(id)).toMatchObject({ title: TITLE, category: 'Talk Shows' });
    // A second SHOUTcast source on the same key: OK2 (the key is good), then refused as in use.
    const second = shoutcastSource(key);
    await until(() => second.received().startsWith('OK2'));
    second.socket.write('icy-name:Again\r\ncontent-type:audio/mpeg\r\n\r\n');
    await second.closed;
    expect(second.received()).toContain('ERROR - Mountpoint in use');
    // SHOUTcast's metadata update (DNAS v1's admin.cgi, on the base port): now playing.
    const song = 'DJ Zoë – Night ☾';
    expect(await rawRequest(`GET /admin.cgi?pass=${enc(key)}&mode=updinfo&song=${enc(song)} HTTP/1.0\r\n\r\n`)).toMatch(
      /^HTTP\/1\.0 200 /,
    );
    expect((await streamOf(id)).nowPlaying).toBe(song);

    await new Promise((r) => encoder.on('close', r)); // the socket ends with ffmpeg's output
    await listener.ended;
    const heard = decodeWebm(listener.body());
    expect(heard.errors).toBe('');
    expect(Math.abs(heard.seconds - 5)).toBeLessThan(0.5);
    expect(longestSilenceMs(listener.body())).toBeLessThan(100);
    await until(async () => (await streamOf(id)).status === 'ended');
    await t.app.live.recordingSettled(id);
    const ended = await streamOf(id, user.cookie);
    expect(Math.abs(ended.recording.duration - 5)).toBeLessThan(0.5);
  });

  it('a wrong key is told "invalid password" before anything is read; an unsupported type is refused after OK2', async () => {
    const { user, key } = await creatorWithKey();
    const wrong = shoutcastSource('wsk_not-a-key');
    await wrong.closed;
    expect(wrong.received()).toBe('invalid password\r\n');
    const flac = shoutcastSource(key);
    await until(() => flac.received().startsWith('OK2'));
    flac.socket.write('icy-name:Lossless\r\ncontent-type:audio/flac\r\n\r\n');
    await flac.closed;
    expect(flac.received()).toContain('ERROR - Unsupported content type');
    const mine = (await t.app.inject({ method: 'GET', url: '/api/live', headers: { cookie: user.cookie } })).json();
    expect(mine.items.filter((s: { creator: { id: string } }) => s.creator.id === user.id)).toEqual([]);
  });
});

/** Bytes on a raw socket; resolves with every byte answered once the server closes. */
function rawBytes(bytes: Buffer, toPort: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const socket = net.connect(toPort, '127.0.0.1');
    const got: Buffer[] = [];
    socket.on('data', (d) => got.push(d));
    socket.on('error', () => {});
    socket.on('close', () => resolve(Buffer.concat(got)));
    socket.write(bytes);
  });
}

/** A listener asking for ICY metadata (as VLC does): the head, and the body with its metadata blocks. */
function icyListener(streamId: string) {
  const socket = net.connect(port, '127.0.0.1');
  let raw = Buffer.alloc(0);
  let headEnd = -1;
  let gotHead: (h: string) => void = () => {};
  const head = new Promise<string>((r) => {
    gotHead = r;
  });
  socket.on('connect', () =>
    socket.write(`GET /api/live/${streamId}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nIcy-MetaData: 1\r\n\r\n`),
  );
  socket.on('data', (d: Buffer) => {
    raw = Buffer.concat([raw, d]);
    if (headEnd < 0) {
      const i = raw.indexOf('\r\n\r\n');
      if (i >= 0) {
        headEnd = i + 4;
        gotHead(raw.toString('latin1', 0, headEnd));
      }
    }
  });
  socket.on('error', () => {});
  const ended = new Promise<void>((r) => socket.on('close', () => r()));
  return { head, body: () => (headEnd < 0 ? Buffer.alloc(0) : raw.subarray(headEnd)), ended };
}

/** ffmpeg publishing over RTMP as OBS does (`rtmp://host:port/live` + the key as stream name), in real time. */
function rtmpPublisher(key: string, opts: { video?: boolean; audio?: string[]; app?: string; seconds?: number } = {}) {
  const video = opts.video
    ? [
        '-re',
        '-f',
        'lavfi',
        '-i',
        `color=c=blue:s=320x240:r=15:d=${opts.seconds ?? 5}`,
        '-map',
        '0:a',
        '-map',
        '1:v',
        '-c:v',
        'flv1',
      ]
    : [];
  const child = spawn(findFfmpeg(), [
    ...['-hide_banner', '-v', 'error', '-re', '-f', 'lavfi', '-i', `sine=f=440:d=${opts.seconds ?? 5}`],
    ...video,
    ...(opts.audio ?? ['-c:a', 'aac', '-b:a', '128k']),
    ...['-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/${opts.app ?? 'live'}/${key}`],
  ]);
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return {
    child,
    exited: new Promise<{ code: number | null; stderr: string }>((r) =>
      child.on('close', (code) => r({ code, stderr })),
    ),
    /** Ends the stream now, as an encoder's Stop button does (ffmpeg's `q`: a clean end, exit code 0). */
    stop: () => child.stdin.end('q'),
  };
}

describe('RTMP publishers (OBS, ffmpeg -f flv)', () => {
  it('AAC with a video track: goes live, now playing is updated, the audio is decoded whole with no gap, the recording is kept; the end is clean', async () => {
    const { user, key } = await creatorWithKey();
    expect(rtmpPort).toBeGreaterThan(0);
    const SECONDS = 8;
    const source = rtmpPublisher(key, { video: true, seconds: SECONDS });
    const id = await liveStreamOf(user);
    const listener = listen(port, `/api/live/${id}/stream`);
    await until(async () => (await streamOf(id)).status === 'live');
    expect((await streamOf(id)).title).toBe('Nova live');
    // RTMP has no song-title message encoders send: they use the Icecast metadata update with the same key.
    const song = 'Ψ — RTMP set';
    expect(await icecastUpdate(`mount=/live&mode=updinfo&song=${enc(song)}`, basic(`source:${key}`))).toMatch(
      /^HTTP\/1\.0 200 /,
    );
    expect((await streamOf(id)).nowPlaying).toBe(song);
    // A second publisher on the same key, while the first is on air: refused, with the gate's reason.
    const second = rtmpPublisher(key);
    const refused = await second.exited;
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Mountpoint in use');

    const done = await source.exited;
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    await listener.ended;
    const heard = decodeWebm(listener.body());
    expect(heard.errors).toBe('');
    expect(Math.abs(heard.seconds - SECONDS)).toBeLessThan(0.5);
    expect(longestSilenceMs(listener.body())).toBeLessThan(100);
    await until(async () => (await streamOf(id)).status === 'ended');
    await t.app.live.recordingSettled(id);
    const ended = await streamOf(id, user.cookie);
    expect(Math.abs(ended.recording.duration - SECONDS)).toBeLessThan(0.5);
    await until(() => t.app.encoderIngest?.sourceCount === 0);
  });

  it('now playing reaches the media: ICY StreamTitle for listeners that ask, EXT-X-DATERANGE X-TITLE in LL-HLS (read by hls.js)', async () => {
    const { M3U8Parser } = await import('hls.js');
    const { user, key } = await creatorWithKey();
    // Long enough for any machine; stopped once the titles have been seen (a busy machine waits longer).
    const source = rtmpPublisher(key, { seconds: 120 });
    const id = await liveStreamOf(user);
    await until(async () => (await streamOf(id)).status === 'live');
    const first = 'Zoë Keating – Ψ ☕';
    expect(await icecastUpdate(`mount=/live&mode=updinfo&song=${enc(first)}`, basic(`source:${key}`))).toMatch(
      /^HTTP\/1\.0 200 /,
    );
    const icy = icyListener(id);
    const head = await icy.head;
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toContain(`icy-metaint: ${ICY_METAINT}\r\n`);
    await until(() => parseIcy(icy.body()).titles.length > 0);
    const hlsTitles = async () => {
      const res = await t.app.inject({ url: `/api/live/${id}/hls/index.m3u8` });
      expect(res.statusCode).toBe(200);
      const details = M3U8Parser.parseLevelPlaylist(res.body, `http://127.0.0.1:${port}/`, 0, 'main' as never, 0, null);
      return Object.values(details.dateRanges)
        .filter((r) => r !== undefined)
        .sort((a, b) => a.startTime - b.startTime)
        .map((r) => r.attr['X-TITLE']);
    };
    expect(await hlsTitles()).toEqual([first]);
    const second = 'Ünïcode – B-side';
    expect(await icecastUpdate(`mount=/live&mode=updinfo&song=${enc(second)}`, basic(`source:${key}`))).toMatch(
      /^HTTP\/1\.0 200 /,
    );
    await until(() => parseIcy(icy.body()).titles.includes(second));
    expect(await hlsTitles()).toEqual([first, second]);
    expect((await streamOf(id)).nowPlaying).toBe(second);
    source.stop();
    expect((await source.exited).code).toBe(0);
    await icy.ended;
    const { audio, titles } = parseIcy(icy.body());
    expect(titles).toEqual([first, second]);
    // With the metadata taken out, the audio is the same stream a plain listener gets.
    const heard = decodeWebm(audio);
    expect(heard.errors).toBe('');
    expect(heard.seconds).toBeGreaterThan(1);
    await until(async () => (await streamOf(id)).status === 'ended');
  });

  it('MP3 in FLV is relayed too', async () => {
    const { user, key } = await creatorWithKey();
    const source = rtmpPublisher(key, { audio: ['-c:a', 'libmp3lame', '-b:a', '128k', '-ar', '44100'], seconds: 3 });
    const id = await liveStreamOf(user);
    const listener = listen(port, `/api/live/${id}/stream`);
    expect((await source.exited).code).toBe(0);
    await listener.ended;
    const heard = decodeWebm(listener.body());
    expect(heard.errors).toBe('');
    expect(Math.abs(heard.seconds - 3)).toBeLessThan(0.5);
    expect(longestSilenceMs(listener.body())).toBeLessThan(100);
    await until(async () => (await streamOf(id)).status === 'ended');
  });

  it('a wrong key, a revoked key and another application are refused before any audio is read; nothing goes live', async () => {
    const { user, key } = await creatorWithKey();
    const wrong = await rtmpPublisher('wsk_not-a-key').exited;
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('Invalid or revoked stream key');
    const app = await rtmpPublisher(key, { app: 'other' }).exited;
    expect(app.code).not.toBe(0);
    expect(app.stderr).toContain('Unknown application');
    const keys = await t.app.inject({ method: 'GET', url: '/api/live/keys', headers: { cookie: user.cookie } });
    const keyId = keys.json().items[0].id as string;
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/live/keys/${keyId}`,
      headers: { cookie: user.cookie },
    });
    expect(revoked.statusCode).toBe(200);
    const late = await rtmpPublisher(key).exited;
    expect(late.code).not.toBe(0);
    expect(late.stderr).toContain('Invalid or revoked stream key');
    const mine = (await t.app.inject({ method: 'GET', url: '/api/live', headers: { cookie: user.cookie } })).json();
    expect(mine.items.filter((s: { creator: { id: string } }) => s.creator.id === user.id)).toEqual([]);
  });

  it('a key revoked while on air cuts the RTMP publisher at once', async () => {
    const { user, key } = await creatorWithKey();
    const source = rtmpPublisher(key, { seconds: 120 }); // ends only by the cut, however slow the machine
    const id = await liveStreamOf(user);
    await until(async () => (await streamOf(id)).status === 'live');
    const keys = await t.app.inject({ method: 'GET', url: '/api/live/keys', headers: { cookie: user.cookie } });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/live/keys/${keys.json().items[0].id}`,
      headers: { cookie: user.cookie },
    });
    const cut = await source.exited;
    expect(cut.code).not.toBe(0);
    await until(() => t.app.encoderIngest?.sourceCount === 0);
  });

  it('a message claiming 16 MB is cut at its header, not allocated', async () => {
    // The client's C0 C1 C2, then a type-0 chunk header claiming a 16 MB command message.
    const huge = Buffer.from([0x03, 0, 0, 0, 0xff, 0xff, 0xff, 0x14, 1, 0, 0, 0]);
    const answer = await rawBytes(
      Buffer.concat([Buffer.from([3]), Buffer.alloc(1536 * 2), huge, Buffer.alloc(64)]),
      rtmpPort,
    );
    expect(answer.length).toBe(1 + 1536 * 2); // S0 S1 S2, then closed
    expect(t.app.encoderIngest?.sourceCount).toBe(0);
  });
});

describe("the plan's bitrate on encoder input", () => {
  it('a free-plan encoder sending Ogg/Opus at 128 kbit/s leaves the relay at 64 kbit/s or less; a Creator-plan one is relayed as is', async () => {
    const free = await creatorWithKey();
    const paid = await creatorWithKey();
    const trial = await t.app.inject({
      method: 'POST',
      url: '/api/billing/trial',
      headers: { cookie: paid.user.cookie },
      payload: { planId: 'creator' },
    });
    expect(trial.statusCode).toBe(200);
    const opus128 = ['-c:a', 'libopus', '-b:a', '128k', '-vbr', 'off', '-content_type', 'audio/ogg', '-f', 'ogg'];
    // Both on air at once: two creators' streams are independent, and the file waits once, not twice.
    const [freeBits, paidBits] = await Promise.all(
      [free, paid].map(async (c) => {
        const source = ffmpegSource(opus128, c.key, noise);
        const id = await liveStreamOf(c.user);
        const listener = listen(port, `/api/live/${id}/stream`);
        expect((await source.exited).code).toBe(0);
        await listener.ended;
        const heard = decodeWebm(listener.body());
        expect(heard.errors).toBe('');
        expect(Math.abs(heard.seconds - 4)).toBeLessThan(0.5);
        await until(async () => (await streamOf(id)).status === 'ended');
        return audioBitsPerSecond(listener.body());
      }),
    );
    expect(freeBits).toBeLessThanOrEqual(64_000);
    expect(freeBits).toBeGreaterThan(48_000); // transcoded at the cap, not far below it
    expect(paidBits).toBeGreaterThan(120_000); // the encoder's own 128 kbit/s Opus
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TRadioChannel } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/helpers';
import { rotationProgram } from '../../../test/radio-program';
import { stationOnAir, toneTrack as toneTrackIn } from '../../../test/radio-station';
import { scaled } from '../../../test/time';
import { playlists, playlistTracks } from '../../db/schema';
import { findFfmpeg } from '../../media/ffmpeg';
import { listen } from '../../relay/testing/clients';
import { decodeWebm, longestSilenceMs, trimToCompleteElements } from '../../relay/testing/decode';
import { billing } from '../billing';

// A real channel: tracks in storage, the engine rendering into the relay, a listener on the
// channel's stream, and ffmpeg as an Icecast source (or SHOUTcast, or RTMP) with the channel's DJ
// key taking over and leaving.
let t: TestApp;
let port: number;
let ingestPort: number;
let rtmpPort: number;
let dir: string;
const TRACK_SECONDS = 8;
const DJ_SECONDS = 6;

beforeAll(async () => {
  t = await createTestApp({
    LIVE_INGEST_PORT: '0',
    LIVE_INGEST_HOST: '127.0.0.1',
    RTMP_PORT: String(await freePort()),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  ingestPort = t.app.encoderIngest?.port as number;
  rtmpPort = t.app.encoderIngest?.rtmpPort as number;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-radio-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(fn: () => T | null | Promise<T | null>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(50);
  }
}

const toneTrack = (ownerId: string, title: string, hz: number) =>
  toneTrackIn(t, dir, ownerId, { title, hz, seconds: TRACK_SECONDS });

/** A port nothing listens on now (RTMP_PORT 0 means no RTMP listener, so the test names one). */
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

describe('a radio channel on air', () => {
  it('plays the rotation, a DJ takes over with the channel key and hands back, and the listener hears no gap over 100 ms', async () => {
    const owner = await signUp(t, { role: 'creator', name: 'Station' });
    await billing(t.ctx).subscriptions.grant({ id: owner.id, role: 'creator' }, 'pro', 'test');
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: owner.cookie } });
    const ids = [
      await toneTrack(owner.id, 'Low', 330),
      await toneTrack(owner.id, 'Mid', 440),
      await toneTrack(owner.id, 'High', 550),
    ];
    const [pl] = await t.ctx.database.db
      .insert(playlists)
      .values({ userId: owner.id, name: 'Tones', isPublic: true })
      .returning();
    await t.ctx.database.db
      .insert(playlistTracks)
      .values(ids.map((audioId, position) => ({ playlistId: pl?.id as string, audioId, position })));

    const channel = (
      await call('POST', '/api/radio/channels', { name: 'Tone FM', category: 'Music' })
    ).json() as TRadioChannel;
    const program = rotationProgram(pl?.id as string, { djGraceSeconds: 1 });
    expect((await call('PUT', `/api/radio/channels/${channel.id}/program`, program)).statusCode).toBe(200);
    const key = (await call('POST', `/api/radio/channels/${channel.id}/key`)).json().secret as string;
    expect((await call('POST', `/api/radio/channels/${channel.id}/on-air`)).json()).toMatchObject({ onAir: true });

    const page = async () => (await call('GET', `/api/radio/channels/${channel.id}`)).json() as TRadioChannel;
    const onAir = await until(async () => {
      const c = await page();
      return c.streamId && c.nowPlaying ? c : null;
    }, scaled(20_000));
    expect(onAir.nowPlaying).toMatchObject({ source: 'autodj', artist: 'Station' });
    expect(['Low', 'Mid', 'High']).toContain(onAir.nowPlaying?.title);

    const listener = listen(port, `/api/live/${onAir.streamId}/stream`);
    expect(await listener.head).toMatch(/^HTTP\/1.1 200/);
    await sleep(2000);

    // The DJ: a different tone, in real time, as an Icecast source with the channel's key.
    const dj = spawn(findFfmpeg(), [
      '-hide_banner',
      '-v',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      `sine=f=880:d=${DJ_SECONDS}`,
      '-ac',
      '2',
      '-c:a',
      'libopus',
      '-b:a',
      '64k',
      '-content_type',
      'audio/ogg',
      '-ice_name',
      'DJ Test',
      '-f',
      'ogg',
      `icecast://source:${key}@127.0.0.1:${ingestPort}/live`,
    ]);
    let djErr = '';
    dj.stderr.on('data', (d) => {
      djErr += d;
    });
    const djExit = new Promise<number | null>((r) => dj.on('close', r));
    onTestFinished(() => {
      dj.kill('SIGKILL');
      listener.close();
    });
    const djOnAir = await until(
      async () => ((await page()).nowPlaying?.source === 'dj' ? page() : null),
      scaled(20_000),
    );
    expect(djOnAir.nowPlaying).toMatchObject({ source: 'dj', trackId: null });
    expect(djOnAir.nowPlaying?.title).toContain('DJ Test');
    expect(await djExit, djErr).toBe(0);

    // Handed back: the auto-DJ is heard again after the grace.
    await until(async () => ((await page()).nowPlaying?.source === 'autodj' ? true : null), scaled(20_000));
    await sleep(3000);
    listener.close();

    const heard = trimToCompleteElements(listener.body());
    const decoded = decodeWebm(heard);
    expect(decoded.errors).toBe('');
    expect(decoded.seconds).toBeGreaterThan(DJ_SECONDS + 3);
    expect(longestSilenceMs(heard)).toBeLessThan(100);

    const history = (await call('GET', `/api/radio/channels/${channel.id}/history`)).json().items as {
      source: string;
      title: string;
    }[];
    expect(history.map((h) => h.source)).toContain('dj');
    expect(history.at(0)?.source).toBe('autodj');

    expect((await call('POST', `/api/radio/channels/${channel.id}/off-air`)).json()).toMatchObject({ onAir: false });
    await listener.ended;
  });

  it('a DJ takes over as a SHOUTcast v1 source with the channel key; a wrong radio key is refused', async () => {
    const owner = await signUp(t, { role: 'creator', name: 'SC Station' });
    await billing(t.ctx).subscriptions.grant({ id: owner.id, role: 'creator' }, 'pro', 'test');
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: owner.cookie } });
    const id = await toneTrack(owner.id, 'SC Tone', 370);
    const [pl] = await t.ctx.database.db
      .insert(playlists)
      .values({ userId: owner.id, name: 'SC', isPublic: true })
      .returning();
    await t.ctx.database.db.insert(playlistTracks).values({ playlistId: pl?.id as string, audioId: id, position: 0 });
    const channel = (await call('POST', '/api/radio/channels', { name: 'SC FM', category: 'Music' })).json();
    const program = rotationProgram(pl?.id as string, { djGraceSeconds: 1 });
    expect((await call('PUT', `/api/radio/channels/${channel.id}/program`, program)).statusCode).toBe(200);
    const key = (await call('POST', `/api/radio/channels/${channel.id}/key`)).json().secret as string;
    expect((await call('POST', `/api/radio/channels/${channel.id}/on-air`)).json()).toMatchObject({ onAir: true });
    const page = async () => (await call('GET', `/api/radio/channels/${channel.id}`)).json() as TRadioChannel;
    await until(async () => ((await page()).nowPlaying?.source === 'autodj' ? true : null), scaled(20_000));

    /** A SHOUTcast v1 source: the password line, OK2, icy headers, then the audio. */
    const source = (password: string) => {
      const socket = net.connect(t.app.encoderIngest?.shoutcastPort as number, '127.0.0.1');
      let received = '';
      socket.on('data', (d) => {
        received += d.toString('utf8');
      });
      socket.on('error', () => {});
      socket.write(`${password}\r\n`);
      onTestFinished(() => void socket.destroy());
      return { socket, received: () => received };
    };
    const wrong = source('source:wrk_not-a-key');
    await until(() => (wrong.received().includes('\r\n\r\n') ? true : null), scaled(10_000));
    wrong.socket.write('content-type:audio/ogg\r\nicy-name:Nobody\r\n\r\n');
    await until(() => (wrong.received().includes('ERROR') ? true : null), scaled(10_000));
    expect(wrong.received()).toContain('ERROR - Invalid or revoked stream key');

    const dj = source(`source:${key}`);
    await until(() => (dj.received().includes('\r\n\r\n') ? true : null), scaled(10_000));
    expect(dj.received()).toBe('OK2\r\nicy-caps:11\r\n\r\n');
    dj.socket.write('content-type:audio/ogg\r\nicy-name:SC DJ\r\n\r\n');
    const encoder = spawn(findFfmpeg(), [
      ...['-hide_banner', '-v', 'error', '-re', '-f', 'lavfi', '-i', 'sine=f=880:d=8'],
      ...['-ac', '2', '-c:a', 'libopus', '-b:a', '64k', '-f', 'ogg', 'pipe:1'],
    ]);
    onTestFinished(() => void encoder.kill('SIGKILL'));
    encoder.stdout.pipe(dj.socket);
    const onAir = await until(async () => {
      // A refusal after OK2 is one ERROR line (the protocol has no status).
      if (dj.received().includes('ERROR')) throw new Error(dj.received());
      return (await page()).nowPlaying?.source === 'dj' ? page() : null;
    }, scaled(40_000));
    expect(onAir.nowPlaying?.title).toContain('SC DJ');
    // Handed back once the set ends.
    await until(async () => ((await page()).nowPlaying?.source === 'autodj' ? true : null), scaled(30_000));
    expect((await call('POST', `/api/radio/channels/${channel.id}/off-air`)).json()).toMatchObject({ onAir: false });
  });
  it('a DJ takes over over RTMP (ffmpeg -f flv, AAC) with the channel key and hands back; the listener hears no gap over 100 ms', async () => {
    expect(rtmpPort).toBeGreaterThan(0);
    const s = await stationOnAir(
      t,
      dir,
      'RTMP Station',
      [
        { title: 'Lo', hz: 350 },
        { title: 'Hi', hz: 520 },
      ],
      { seconds: TRACK_SECONDS, program: { djGraceSeconds: 1 } },
    );
    const onAir = await until(async () => {
      const c = await s.page();
      return c.streamId && c.nowPlaying ? c : null;
    }, scaled(20_000));
    const listener = listen(port, `/api/live/${onAir.streamId}/stream`);
    onTestFinished(() => listener.close());
    expect(await listener.head).toMatch(/^HTTP\/1.1 200/);
    await until(() => listener.bytes() > 20_000, scaled(10_000));

    // The DJ as OBS publishes: rtmp://host:port/live with the channel's key as the stream name, AAC in FLV.
    const dj = spawn(findFfmpeg(), [
      ...['-hide_banner', '-v', 'error', '-re', '-f', 'lavfi', '-i', `sine=f=880:d=${DJ_SECONDS}`],
      ...['-ac', '2', '-c:a', 'aac', '-b:a', '128k', '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${s.key}`],
    ]);
    let djErr = '';
    dj.stderr.on('data', (d) => {
      djErr += d;
    });
    const djExit = new Promise<number | null>((r) => dj.on('close', r));
    onTestFinished(() => void dj.kill('SIGKILL'));
    const djOnAir = await until(async () => {
      const c = await s.page();
      return c.nowPlaying?.source === 'dj' ? c : null;
    }, scaled(20_000));
    // RTMP names no DJ (no ice-name/icy-name): the default name.
    expect(djOnAir.nowPlaying).toMatchObject({ source: 'dj', trackId: null, title: 'Live DJ (live)' });
    expect(await djExit, djErr).toBe(0);

    // Handed back once the set ends; the listener hears a few seconds of the auto-DJ again.
    await until(async () => ((await s.page()).nowPlaying?.source === 'autodj' ? true : null), scaled(20_000));
    const handedBack = listener.bytes();
    await until(() => listener.bytes() > handedBack + 30_000, scaled(15_000));
    listener.close();

    const heard = trimToCompleteElements(listener.body());
    const decoded = decodeWebm(heard);
    expect(decoded.errors).toBe('');
    expect(decoded.seconds).toBeGreaterThan(DJ_SECONDS + 2);
    expect(longestSilenceMs(heard)).toBeLessThan(100);
    const history = (await s.call('GET', `/api/radio/channels/${s.channel.id}/history`)).json().items as {
      source: string;
      title: string;
    }[];
    expect(history.map((h) => h.source)).toContain('dj');
    expect(history.at(0)?.source).toBe('autodj');
    expect((await s.call('POST', `/api/radio/channels/${s.channel.id}/off-air`)).json()).toMatchObject({
      onAir: false,
    });
  });
});

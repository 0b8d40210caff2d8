import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLiveStream } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { stationOnAir } from '../../../test/radio-station';
import { scaled } from '../../../test/time';
import { findFfmpeg } from '../../media/ffmpeg';
import { ICY_METAINT, parseIcy } from '../../relay/icy';
import { listen } from '../../relay/testing/clients';

// Now playing of a radio channel everywhere (issue 38): kept on the channel's stream row as well as
// broadcast, so whoever joins mid-item (an ICY listener, a new LL-HLS run, GET /api/live/:id)
// has the current track at once; a DJ's own metadata updates (the channel's key) title their set.
let t: TestApp;
let port: number;
let ingestPort: number;
let dir: string;
const TRACK_SECONDS = 12;

beforeAll(async () => {
  t = await createTestApp({ LIVE_INGEST_PORT: '0', LIVE_INGEST_HOST: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  ingestPort = t.app.encoderIngest?.port as number;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-radio-np-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function until<T>(fn: () => T | null | Promise<T | null>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const liveStream = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/live/${id}` })).json() as TLiveStream;

/** Icecast's metadata update on the ingest port, as BUTT and liquidsoap send it (the key as password). */
function icecastUpdate(key: string, song: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(ingestPort, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => {
      received += d.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(received));
    const auth = Buffer.from(`source:${key}`).toString('base64');
    socket.write(
      `GET /admin/metadata?mount=/live&mode=updinfo&song=${encodeURIComponent(song)} HTTP/1.0\r\n` +
        `Host: 127.0.0.1\r\nAuthorization: Basic ${auth}\r\n\r\n`,
    );
  });
}

describe('radio now playing for late joiners and DJs', () => {
  it('a listener joining mid-item has the current track at once: ICY StreamTitle in its first block, GET /api/live/:id, a new LL-HLS run', async () => {
    const s = await stationOnAir(
      t,
      dir,
      'Late Station',
      [
        { title: 'Low', hz: 330 },
        { title: 'Mid', hz: 440 },
      ],
      { seconds: TRACK_SECONDS },
    );
    // Well into the first item; nothing in this process follows the stream's titles yet.
    const c = await until(async () => {
      const c = await s.page();
      return c.streamId && c.nowPlaying && Date.now() - Date.parse(c.nowPlaying.startedAt) > 1000 ? c : null;
    }, scaled(20_000));
    const streamId = c.streamId as string;
    const titleOf = (track: string | undefined) => `Late Station - ${track}`;
    // The track then, or the next one if a boundary came meanwhile: never nothing.
    const current = async () => [titleOf(c.nowPlaying?.title), titleOf((await s.page()).nowPlaying?.title)];

    const icy = listen(port, `/api/live/${streamId}/stream`, { headers: { 'Icy-MetaData': '1' } });
    onTestFinished(() => icy.close());
    expect(await icy.head).toContain(`icy-metaint: ${ICY_METAINT}`);
    // The first metadata block comes after ICY_METAINT bytes of audio.
    await until(() => (parseIcy(icy.body()).titles.length > 0 ? true : null), scaled(15_000));
    expect(await current()).toContain(parseIcy(icy.body()).titles[0]);

    expect(await current()).toContain((await liveStream(streamId)).nowPlaying);

    // A new HLS run's playlist (its first answer) names what plays as its first EXT-X-DATERANGE.
    const playlist = await t.app.inject({ url: `/api/live/${streamId}/hls/index.m3u8` });
    expect(playlist.statusCode).toBe(200);
    const firstTitle = /X-TITLE="([^"]*)"/.exec(playlist.body)?.[1];
    expect(await current()).toContain(firstTitle);

    // At the next boundary the row follows too.
    const next = await until(
      async () => {
        const now = (await s.page()).nowPlaying;
        return now && now.startedAt !== c.nowPlaying?.startedAt ? now : null;
      },
      scaled((TRACK_SECONDS + 10) * 1000),
    );
    await until(
      async () => ((await liveStream(streamId)).nowPlaying === titleOf(next.title) ? true : null),
      scaled(5_000),
    );
    await until(() => (parseIcy(icy.body()).titles.includes(titleOf(next.title)) ? true : null), scaled(10_000));
    expect((await s.call('POST', `/api/radio/channels/${s.channel.id}/off-air`)).json()).toMatchObject({
      onAir: false,
    });
  });

  it("a DJ's metadata updates with the channel key title their set: now playing, history, the stream's title", async () => {
    const s = await stationOnAir(t, dir, 'Meta Station', [{ title: 'Tone', hz: 390 }], {
      seconds: TRACK_SECONDS,
      program: { djGraceSeconds: 1 },
    });
    const c = await until(async () => {
      const c = await s.page();
      return c.streamId && c.nowPlaying ? c : null;
    }, scaled(20_000));
    const streamId = c.streamId as string;

    expect(await icecastUpdate('wrk_not-a-key', 'Nope')).toMatch(/^HTTP\/1\.0 401 /);
    // The key is good but no DJ is on: nothing to title.
    expect(await icecastUpdate(s.key, 'Too early')).toMatch(/^HTTP\/1\.0 400 /);

    const dj = spawn(
      findFfmpeg(),
      [
        ...['-hide_banner', '-v', 'error', '-re', '-f', 'lavfi', '-i', 'sine=f=880:d=60'],
        ...['-ac', '2', '-c:a', 'libopus', '-b:a', '64k', '-content_type', 'audio/ogg', '-ice_name', 'DJ Meta'],
        ...['-f', 'ogg', `icecast://source:${s.key}@127.0.0.1:${ingestPort}/live`],
      ],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    );
    onTestFinished(() => void dj.kill('SIGKILL'));
    const djExit = new Promise<number | null>((r) => dj.on('close', r));
    await until(async () => ((await s.page()).nowPlaying?.source === 'dj' ? true : null), scaled(20_000));
    expect((await s.page()).nowPlaying).toMatchObject({ title: 'DJ Meta (live)', artist: 'DJ Meta' });

    const song = 'Zoë – Night ☾';
    const ok = await icecastUpdate(s.key, song);
    expect(ok).toMatch(/^HTTP\/1\.0 200 /);
    expect(ok).toContain('Metadata update successful');
    const titled = await until(async () => {
      const now = (await s.page()).nowPlaying;
      return now?.title === song ? now : null;
    }, scaled(10_000));
    expect(titled).toMatchObject({ source: 'dj', trackId: null, artist: 'DJ Meta' });
    expect((await liveStream(streamId)).nowPlaying).toBe(`DJ Meta - ${song}`);
    const history = (await s.call('GET', `/api/radio/channels/${s.channel.id}/history`)).json().items as {
      source: string;
      title: string;
    }[];
    expect(history.slice(0, 2).map((h) => [h.source, h.title])).toEqual([
      ['dj', song],
      ['dj', 'DJ Meta (live)'],
    ]);

    // The DJ stops (ffmpeg's `q`): the auto-DJ is back, the update is refused again.
    dj.stdin?.end('q');
    expect(await djExit).toBe(0);
    await until(async () => ((await s.page()).nowPlaying?.source === 'autodj' ? true : null), scaled(20_000));
    expect(await icecastUpdate(s.key, 'After')).toMatch(/^HTTP\/1\.0 400 /);
    expect((await s.call('POST', `/api/radio/channels/${s.channel.id}/off-air`)).json()).toMatchObject({
      onAir: false,
    });
  });
});

import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type ParsedManifest, Parser } from 'm3u8-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { scaled } from '../../../test/time';
import { findFfprobe } from '../../media/ffmpeg';
import { connectPublisher, type PublisherClient } from '../../relay/testing/clients';
import { type OpusSource, opusPackets, synthesize } from '../../relay/testing/webm-fixtures';

const run = promisify(execFile);
let t: TestApp;
let base: string;
let creator: TestUser;
let src: OpusSource;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  creator = await signUp(t, { role: 'creator', name: 'Aurora' });
  src = opusPackets(12, 60);
});
afterAll(() => t.close());

async function goLive(): Promise<{ id: string; pub: PublisherClient; playing: Promise<void> }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/live',
    headers: { cookie: creator.cookie },
    payload: { title: 'HLS hour', category: 'Music' },
  });
  const { id } = res.json() as { id: string };
  const pub = connectPublisher(base, id, { cookie: creator.cookie });
  // Real time: one 100 ms chunk every 100 ms, as MediaRecorder sends them.
  const playing = pub.play(synthesize(src, 'chrome'), 100);
  await pub.onAir;
  return { id, pub, playing };
}

function parse(text: string): ParsedManifest {
  const p = new Parser();
  p.push(text);
  p.end();
  return p.manifest;
}

const get = (url: string) => fetch(`${base}${url}`);
/** For what a running ffmpeg and the server's timers make happen: late on a busy machine. */
const POLL = { timeout: scaled(10_000), interval: 100 };

describe('live HLS', () => {
  it('404s for a stream that is not live, or does not exist', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/live',
      headers: { cookie: creator.cookie },
      payload: { title: 'Not yet', category: 'Music' },
    });
    const { id } = res.json() as { id: string };
    let r = await get(`/api/live/${id}/hls/index.m3u8`);
    expect(r.status).toBe(404);
    expect(((await r.json()) as { error: { message: string } }).error.message).toBe('Live audio not found');
    r = await get('/api/live/00000000-0000-4000-8000-000000000000/hls/index.m3u8');
    expect(r.status).toBe(404);
    expect(((await r.json()) as { error: { message: string } }).error.message).toBe('Stream not found');
  });

  it('packages a live stream as LL-HLS: a playlist with ~0.34 s parts, AAC in fMP4, blocking reloads, ENDLIST at the end', async () => {
    const { id, pub, playing } = await goLive();
    const started = Date.now();
    let r = await get(`/api/live/${id}/hls/index.m3u8`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(r.headers.get('cache-control')).toBe('no-cache');
    let m = parse(await r.text());
    // The first playlist answers once ffmpeg has made the first segment (2.048 s of audio, part of
    // it the relay's 0.5 s join burst).
    expect(Date.now() - started).toBeLessThan(scaled(4000));
    expect(m.segments.length).toBeGreaterThanOrEqual(1);
    expect(m.targetDuration).toBe(2);
    expect(m.partInf?.partTarget).toBeCloseTo(0.342, 3);
    expect(m.serverControl?.canBlockReload).toBe(true);
    expect(m.serverControl?.partHoldBack).toBeCloseTo(1.026, 3);

    // Wait for a complete segment with a blocking reload on segment 0.
    r = await get(`/api/live/${id}/hls/index.m3u8?_HLS_msn=1&_HLS_part=0`);
    m = parse(await r.text());
    expect(m.segments.length).toBeGreaterThanOrEqual(1);
    const seg = m.segments[0];
    expect(seg.duration).toBeCloseTo((6 * (16 * 1024)) / 48000, 2);
    expect(seg.parts).toHaveLength(6);
    for (const p of seg.parts ?? []) {
      expect(p.duration).toBeGreaterThan(0.3);
      expect(p.duration).toBeLessThanOrEqual(0.342);
      expect(p.independent).toBe(true);
    }
    const hint = m.preloadSegment?.preloadHints?.[0] ?? m.preloadHints?.[0];
    expect(hint?.type).toBe('PART');

    // A segment (init + media) decodes as AAC in fMP4.
    const mapUri = seg.map?.uri ?? '';
    const init = await get(`/api/live/${id}/hls/${mapUri}`);
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toBe('audio/mp4');
    expect(init.headers.get('cache-control')).toContain('immutable');
    const media = await get(`/api/live/${id}/hls/${seg.uri}`);
    expect(media.status).toBe(200);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hls-'));
    const file = path.join(dir, 'seg.mp4');
    await fs.writeFile(
      file,
      Buffer.concat([Buffer.from(await init.arrayBuffer()), Buffer.from(await media.arrayBuffer())]),
    );
    const probe = findFfprobe();
    if (probe) {
      const { stdout } = await run(probe, ['-v', 'error', '-of', 'json', '-show_format', '-show_streams', file]);
      const info = JSON.parse(stdout) as {
        format: { format_name: string; duration: string };
        streams: { codec_name: string; sample_rate: string }[];
      };
      expect(info.format.format_name).toContain('mp4');
      expect(info.streams[0].codec_name).toBe('aac');
      expect(info.streams[0].sample_rate).toBe('48000');
      expect(Number(info.format.duration)).toBeCloseTo(2.048, 1);
    }
    await fs.rm(dir, { recursive: true, force: true });

    // The preload-hinted part is answered as soon as it exists (the request waits for it).
    const hinted = await get(`/api/live/${id}/hls/${hint?.uri}`);
    expect(hinted.status).toBe(200);
    expect((await hinted.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // Another run's URIs, and parts far ahead, are 404s (never a hung request).
    expect((await get(`/api/live/${id}/hls/r00000000/init.mp4`)).status).toBe(404);
    const runId = mapUri.split('/')[0];
    expect((await get(`/api/live/${id}/hls/${runId}/p999.0.m4s`)).status).toBe(404);
    expect((await get(`/api/live/${id}/hls/index.m3u8?_HLS_msn=999`)).status).toBe(400);

    // The broadcast ends: the playlist says so.
    await playing;
    const end = await t.app.inject({ method: 'POST', url: `/api/live/${id}/end`, headers: { cookie: creator.cookie } });
    expect(end.statusCode).toBe(200);
    pub.close();
    // ffmpeg flushes its last fragment and exits: then the playlist ends.
    await expect
      .poll(async () => {
        m = parse(await (await get(`/api/live/${id}/hls/index.m3u8`)).text());
        return m.endList;
      }, POLL)
      .toBe(true);
    const total = m.segments.reduce((n, s) => n + s.duration, 0);
    // 12 s of audio, minus what the playlist window dropped: at least its 6 kept segments.
    expect(total).toBeGreaterThan(10);
  });

  it('starts packaging on the first HLS request only, and stops it after the idle time', async () => {
    const { id, pub, playing } = await goLive();
    // On air, listened to over the endless WebM only: no ffmpeg (a while on air must not start one).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(t.app.live.hls.runOf(id)).toBeNull();
    t.app.live.hls.idleMs = 1500;
    const askedAt = Date.now();
    const r = await get(`/api/live/${id}/hls/index.m3u8`);
    expect(r.status).toBe(200);
    const first = t.app.live.hls.runOf(id);
    expect(first).toMatch(/^r[0-9a-f]{8}$/);
    expect(await r.text()).toContain(`${first}/init.mp4`);
    // Nobody asks for 1.5 s after the answer: the run stops (at a 1 s sweep, late on a busy
    // machine), not before.
    await expect.poll(() => t.app.live.hls.runOf(id), POLL).toBeNull();
    expect(Date.now() - askedAt).toBeGreaterThan(1500);
    // A late request for the old run's URI: 404 (its bytes are gone), and a new run starts.
    expect((await get(`/api/live/${id}/hls/${first}/init.mp4`)).status).toBe(404);
    const second = t.app.live.hls.runOf(id);
    expect(second).toMatch(/^r[0-9a-f]{8}$/);
    expect(second).not.toBe(first);
    expect((await get(`/api/live/${id}/hls/index.m3u8`)).status).toBe(200);
    t.app.live.hls.idleMs = 30_000;
    pub.close();
    await playing;
  });
});

import type { RealtimeMessage } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/helpers';
import { scaled } from '../../test/time';
import { connectPublisher, listen } from './testing/clients';
import { decodeWebm, trimToCompleteElements } from './testing/decode';
import { findIcecast, type RunningIcecast, startIcecast } from './testing/icecast-server';
import { opusPackets, synthesize } from './testing/webm-fixtures';

// A real icecast2 (Debian package), installed here if missing; skipped with the reason if impossible.
const icecast = findIcecast();
if (icecast.bin === null) console.warn(`Skipping the Icecast tests: ${icecast.reason}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(fn: () => Promise<T> | T, ms = scaled(15_000)): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(100);
  }
}

async function mounts(ice: RunningIcecast): Promise<string[]> {
  try {
    const json = (await (await fetch(`${ice.baseUrl}/status-json.xsl`)).json()) as {
      icestats?: { source?: { listenurl: string } | { listenurl: string }[] };
    };
    const src = json.icestats?.source;
    const list = Array.isArray(src) ? src : src ? [src] : [];
    return list.map((s: { listenurl: string }) => new URL(s.listenurl).pathname);
  } catch {
    return [];
  }
}

describe.skipIf(!icecast.bin)('Icecast scale-out', () => {
  let master: RunningIcecast;
  let relay: RunningIcecast;
  let t: TestApp;
  let creator: TestUser;
  let base: string;
  const events: RealtimeMessage[] = [];

  beforeAll(async () => {
    const bin = icecast.bin as string;
    master = await startIcecast(bin, { burstSize: 8192 });
    relay = await startIcecast(bin, { burstSize: 8192, master: { port: master.port, password: 'hackme-test' } });
    t = await createTestApp({ ICECAST_URL: master.sourceUrl });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    creator = await signUp(t, { role: 'creator' });
    t.ctx.bus.subscribe((m) => events.push(m));
  });
  afterAll(async () => {
    await t?.close();
    await relay?.stop();
    await master?.stop();
  });

  it('forwards the broadcast to the master over a raw-socket PUT; listeners, relays and counts follow', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/live',
      headers: { cookie: creator.cookie },
      payload: { title: 'Scaled out', category: 'Music' },
    });
    const id = res.json().id as string;
    const mount = `/live-${id}.webm`;
    const src = opusPackets(30, 60);
    const chunks = synthesize(src, 'chrome', 120);
    const pub = connectPublisher(base, id, { cookie: creator.cookie });
    const playing = pub.play(chunks, 120); // real time
    await pub.onAir;

    const stream = (await t.app.inject({ method: 'GET', url: `/api/live/${id}` })).json();
    expect(stream.streamUrl).toBe(`${master.baseUrl}${mount}`);
    await until(async () => (await mounts(master)).includes(mount));

    // A listener of the master: a WebM that ffmpeg decodes cleanly.
    const direct = listen(master.port, mount);
    expect(await direct.head).toMatch(/^HTTP\/1\.[01] 200/);
    await until(() => decodeWebm(trimToCompleteElements(direct.body())).seconds > 1.5);
    expect(decodeWebm(trimToCompleteElements(direct.body())).errors).toBe('');

    // The viewer count includes Icecast's listeners (polled from its status).
    await until(() =>
      events.some(
        (e) =>
          e.event === 'live.viewers' &&
          (e.data as { streamId: string }).streamId === id &&
          (e.data as { viewers: number }).viewers >= 1,
      ),
    );

    // A relay in front of listeners pulls the mount from the master.
    await until(async () => (await mounts(relay)).includes(mount), scaled(20_000));
    const relayed = listen(relay.port, mount);
    expect(await relayed.head).toMatch(/^HTTP\/1\.[01] 200/);
    await until(() => decodeWebm(trimToCompleteElements(relayed.body())).seconds > 1.5);
    expect(decodeWebm(trimToCompleteElements(relayed.body())).errors).toBe('');
    direct.close();
    relayed.close();

    await t.app.inject({ method: 'POST', url: `/api/live/${id}/end`, headers: { cookie: creator.cookie } });
    await until(async () => !(await mounts(master)).includes(mount));
    pub.close();
    await playing;
    await t.app.live.recordingSettled(id);
  });
});

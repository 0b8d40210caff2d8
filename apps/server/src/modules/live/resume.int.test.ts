import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { scaled } from '../../../test/time';
import { connectPublisher, listen } from '../../relay/testing/clients';
import { decodeWebm } from '../../relay/testing/decode';
import { type OpusSource, opusPackets, synthesize } from '../../relay/testing/webm-fixtures';
import { WebmDemuxer } from '../../relay/webm-demuxer';

// Go Live survives a reload: the page finds the creator's stream still on air and resumes it.
let t: TestApp;
let base: string;
let port: number;
let creator: TestUser;
let otherCreator: TestUser;
let source: OpusSource;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
  creator = await signUp(t, { role: 'creator', name: 'Rae' });
  otherCreator = await signUp(t, { role: 'creator' });
  source = opusPackets(6, 20);
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(fn: () => T | Promise<T>, ms = scaled(5000)): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(25);
  }
}

async function createStream(title: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/live',
    headers: { cookie: creator.cookie },
    payload: { title, category: 'Music' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const mine = async (cookie = creator.cookie) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/live/mine', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    stream: { id: string; title: string } | null;
    publisherConnected: boolean;
    graceMsLeft: number | null;
  };
};

const end = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/live/${id}/end`, headers: { cookie: creator.cookie } });

describe('GET /api/live/mine', () => {
  it('answers the stream on air with its publisher, then the grace time left once it is gone', async () => {
    t.app.live.configure({ graceMs: 4000 });
    expect((await t.app.inject({ method: 'GET', url: '/api/live/mine' })).statusCode).toBe(401);
    expect(await mine()).toEqual({ stream: null, publisherConnected: false, graceMsLeft: null });

    const id = await createStream('Reload Radio');
    expect((await mine()).stream).toBeNull(); // pending: nothing on air to resume
    const pub = connectPublisher(base, id, { cookie: creator.cookie });
    await pub.play(synthesize(source, 'chrome').slice(0, 10), 0);
    await pub.onAir;
    await until(async () => (await mine()).stream);
    const live = await mine();
    expect(live).toMatchObject({ stream: { id, title: 'Reload Radio' }, publisherConnected: true, graceMsLeft: null });
    expect((await mine(otherCreator.cookie)).stream).toBeNull();

    pub.close();
    await pub.closed;
    const gone = await until(async () => {
      const m = await mine();
      return m.publisherConnected ? null : m;
    });
    expect(gone.stream?.id).toBe(id);
    expect(gone.graceMsLeft).toBeGreaterThan(2500);
    expect(gone.graceMsLeft).toBeLessThanOrEqual(4000);
    await sleep(1000); // time passes: the countdown moves
    const later = (await mine()).graceMsLeft ?? 0;
    expect(later).toBeLessThan(gone.graceMsLeft ?? 0);
    expect(later).toBeGreaterThan(1000);

    expect((await end(id)).statusCode).toBe(200);
    expect(await mine()).toEqual({ stream: null, publisherConnected: false, graceMsLeft: null });
    await t.app.live.recordingSettled(id);
    t.app.live.configure({ graceMs: 10_000 });
  });

  it('forgets a stream whose grace period ran out', async () => {
    t.app.live.configure({ graceMs: 500 });
    const id = await createStream('Short grace');
    const pub = connectPublisher(base, id, { cookie: creator.cookie });
    await pub.play(synthesize(source, 'chrome').slice(0, 5), 0);
    await pub.onAir;
    pub.close();
    await until(async () => (await mine()).stream === null);
    await t.app.live.recordingSettled(id);
    t.app.live.configure({ graceMs: 10_000 });
  });
});

describe('resuming after a reload', () => {
  it('continues the same stream: the listener stays connected, gets one valid WebM, the recording has both parts', async () => {
    const id = await createStream('Continuity');
    const chunks = synthesize(source, 'chrome'); // 6 s in 100 ms chunks
    const first = connectPublisher(base, id, { cookie: creator.cookie });
    await first.play(chunks.slice(0, 25), 0); // 2.5 s
    await first.onAir;
    const l = listen(port, `/api/live/${id}/stream`);
    await until(() => l.bytes() > 1000);
    let listenerEnded = false;
    void l.ended.then(() => {
      listenerEnded = true;
    });
    first.close(); // the page reloads
    await first.closed;
    await until(async () => !(await mine()).publisherConnected);
    const beforeGap = l.bytes();
    await sleep(1500); // the page loads again, the creator clicks Resume

    const offered = await mine();
    expect(offered.stream?.id).toBe(id);
    const second = connectPublisher(base, id, { cookie: creator.cookie });
    await second.play(chunks.slice(0, 30), 0); // a new MediaRecorder: a new header, timecodes from 0
    await second.onAir;
    // The relay paces audio at its own time (ADR 0042): the second part arrives over its 3 s.
    const lastTimecode = () => {
      let last = -1;
      new WebmDemuxer({ header() {}, cluster: (tc) => (last = tc), block() {} }).push(l.body());
      return last;
    };
    await until(() => l.bytes() > beforeGap + 1000 && lastTimecode() > 4500);
    expect(listenerEnded).toBe(false);
    expect(l.socket.destroyed).toBe(false);
    expect((await mine()).publisherConnected).toBe(true);
    expect(t.app.live.hub.get(id)?.listenerCount).toBe(1);

    // One WebM: one header, cluster timecodes going forward across the gap, no decode errors.
    let headers = 0;
    const tcs: number[] = [];
    new WebmDemuxer({ header: () => headers++, cluster: (tc) => tcs.push(tc), block() {} }).push(l.body());
    expect(headers).toBe(1);
    for (let i = 1; i < tcs.length; i++) expect(tcs[i]).toBeGreaterThan(tcs[i - 1]);
    expect(decodeWebm(l.body()).errors).toBe('');
    // The listener joined with up to 0.5 s of recent audio, then heard everything after: ~3 s more.
    expect(tcs.at(-1)).toBeGreaterThan(4500);

    // End Stream: the recording holds both connections' audio (2.5 s + 3 s), not the gap.
    expect((await end(id)).statusCode).toBe(200);
    await l.ended;
    await t.app.live.recordingSettled(id);
    const stream = (
      await t.app.inject({ method: 'GET', url: `/api/live/${id}`, headers: { cookie: creator.cookie } })
    ).json();
    expect(stream.id).toBe(id);
    expect(Math.abs(stream.recording.duration - 5.5)).toBeLessThan(0.3);
    expect((await second.closed).code).toBe(4410);
  });
});

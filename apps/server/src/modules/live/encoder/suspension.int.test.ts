import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_MESSAGES, LIVE_INGEST_CLOSE, type TLiveIngestMessage } from '@wavecast/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, droppedMails, signUp, type TestApp, type TestUser } from '../../../../test/helpers';
import { scaled } from '../../../../test/time';
import { liveStreams, users } from '../../../db/schema';
import { findFfmpeg } from '../../../media/ffmpeg';
import { MemoryBus } from '../../../realtime/bus';
import { rawRecordingPath } from '../../../relay/recording';
import { connectPublisher, listen } from '../../../relay/testing/clients';
import { opusPackets, synthesize } from '../../../relay/testing/webm-fixtures';
import { queueSuspensionNotice } from '../../admin/suspension-notice';

// Issue 31: a suspended creator's encoder is cut, on whichever process holds it, within 1 s.
let a: TestApp;
let b: TestApp;
let bus: MemoryBus;
let dir: string;
let wav: string;
const cuts: { what: string; ms: number }[] = [];

const env = { LIVE_INGEST_PORT: '0', LIVE_INGEST_HOST: '127.0.0.1' };
beforeAll(async () => {
  bus = new MemoryBus();
  a = await createTestApp(env, { share: { bus } });
  b = await createTestApp(env, { share: { database: a.ctx.database, bus } });
  for (const t of [a, b]) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    t.app.live.configure({ graceMs: 500 });
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-suspend-'));
  wav = path.join(dir, 'in.wav');
  execFileSync(findFfmpeg(), ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=440:d=60', '-ac', '2', wav]);
});
afterAll(async () => {
  await b.close();
  await a.close();
  await bus.close();
  fs.rmSync(dir, { recursive: true, force: true });
  console.log('cut latencies (ms):', JSON.stringify(cuts));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(fn: () => T | Promise<T>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(25);
  }
}
/** Milliseconds from t0 until `t`'s ingest has no TCP connection left (the encoder's is closed). */
const tcpClosed = async (t: TestApp, t0: number) => {
  await until(() => t.app.encoderIngest?.connectionCount === 0, scaled(1000));
  return performance.now() - t0;
};
/** ffmpeg notices the closed connection at its next Ogg page and then tears down (about 2 s). */
const FFMPEG_EXIT_MS = 3000;
/** The suspension notices sent to `to`, whichever process's worker sent them. */
const suspensionMails = async (to: string) =>
  [...(await droppedMails(a, to)), ...(await droppedMails(b, to))].filter((m) => m.subject.includes('suspended'));
const portOf = (t: TestApp) => (t.app.server.address() as { port: number }).port;

async function creatorWithKey(t: TestApp): Promise<{ user: TestUser; key: string; keyId: string }> {
  const user = await signUp(t, { role: 'creator', name: 'Banned DJ' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/live/keys',
    headers: { cookie: user.cookie },
    payload: { name: 'Desk' },
  });
  expect(res.statusCode).toBe(201);
  return { user, key: res.json().secret, keyId: res.json().key.id };
}

/** ffmpeg as an Icecast source client (Ogg/Opus, in real time) into `t`'s ingest port. */
function ffmpegSource(t: TestApp, key: string) {
  const port = t.app.encoderIngest?.port as number;
  const child: ChildProcess = spawn(findFfmpeg(), [
    ...['-hide_banner', '-v', 'error', '-re', '-i', wav, '-c:a', 'libopus', '-b:a', '64k'],
    ...['-content_type', 'application/ogg', '-f', 'ogg', `icecast://source:${key}@127.0.0.1:${port}/live`],
  ]);
  child.stderr?.resume();
  const exited = new Promise<number>((r) => child.on('close', () => r(performance.now())));
  return { child, exited };
}

/** The stream `t`'s hub holds for this creator, once it is on air. */
async function onAir(t: TestApp, user: TestUser): Promise<string> {
  return until(async () => {
    for (const id of t.app.live.hub.activeIds()) {
      const [row] = await t.ctx.database.db.select().from(liveStreams).where(eq(liveStreams.id, id));
      if (row?.userId === user.id && row.isActive) return id;
    }
    return null;
  }) as Promise<string>;
}

async function suspend(t: TestApp, admin: TestUser, userId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/suspend`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode).toBe(200);
}

describe('issue 31: suspension takes an encoder off air', () => {
  it('one process: encoder cut, listener ended within 1 s; the stream 404s, its row ended, recording kept; the creator is mailed', async () => {
    const admin = await signUp(a, { role: 'admin' });
    const { user, key } = await creatorWithKey(a);
    const source = ffmpegSource(a, key);
    const id = await onAir(a, user);
    const listener = listen(portOf(a), `/api/live/${id}/stream`);
    await until(() => listener.bytes() > 2000);
    const listenerEnded = listener.ended.then(() => performance.now());
    const ingest = a.app.encoderIngest!;
    expect(ingest.sourceCount).toBe(1);
    const ends: unknown[] = [];
    const unsubscribe = bus.subscribe((m) => m.event === 'live.ended' && ends.push(m.data));

    const t0 = performance.now();
    await suspend(a, admin, user.id);
    const answered = performance.now() - t0;
    // The source is cut server-side by the time the admin's request is answered.
    expect(ingest.sourceCount).toBe(0);
    const closed = await tcpClosed(a, t0);
    const [sourceGone, listenerGone] = [(await source.exited) - t0, (await listenerEnded) - t0];
    cuts.push({ what: 'same process: admin answered', ms: Math.round(answered) });
    cuts.push({ what: 'same process: encoder TCP closed', ms: Math.round(closed) });
    cuts.push({ what: 'same process: listener ended', ms: Math.round(listenerGone) });
    cuts.push({ what: 'same process: ffmpeg exited', ms: Math.round(sourceGone) });
    expect(closed).toBeLessThan(scaled(1000));
    expect(listenerGone).toBeLessThan(scaled(1000));
    expect(sourceGone).toBeLessThan(FFMPEG_EXIT_MS);

    expect((await a.app.inject({ url: `/api/live/${id}/stream` })).statusCode).toBe(404);
    expect((await a.app.inject({ url: `/api/live/${id}` })).statusCode).toBe(404);
    expect((await a.app.inject({ url: `/api/live/${id}/chat` })).statusCode).toBe(404);
    expect((await a.app.inject({ url: `/api/live/${id}/hls/index.m3u8` })).statusCode).toBe(404);
    // Listeners' players are told to stop at once, not to play out what they hold.
    unsubscribe();
    expect(ends).toContainEqual({ streamId: id, userId: user.id, takenDown: true });
    const [row] = await a.ctx.database.db.select().from(liveStreams).where(eq(liveStreams.id, id));
    expect(row.endedAt).not.toBeNull();
    expect(row.isActive).toBe(false);
    // The recording is kept, as at End Stream: a private draft of the suspended account.
    await a.app.live.recordingSettled(id);
    const [after] = await a.ctx.database.db.select().from(liveStreams).where(eq(liveStreams.id, id));
    expect(after.recordingTrackId).not.toBeNull();

    // The creator is told why, once.
    const mails = await suspensionMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your Wavecast account has been suspended');
    expect(mails[0].text).toContain('/support/contact');

    // The encoder reconnecting is refused.
    const again = ffmpegSource(a, key);
    await again.exited;
    expect(ingest.sourceCount).toBe(0);
  });

  it('two processes: the encoder on B is cut within 1 s of a suspension on A', async () => {
    const admin = await signUp(a, { role: 'admin' });
    const { user, key } = await creatorWithKey(a);
    const source = ffmpegSource(b, key);
    const id = await onAir(b, user);
    const listener = listen(portOf(b), `/api/live/${id}/stream`);
    await until(() => listener.bytes() > 2000);
    const listenerEnded = listener.ended.then(() => performance.now());

    const t0 = performance.now();
    await suspend(a, admin, user.id);
    const closed = await tcpClosed(b, t0);
    const [sourceGone, listenerGone] = [(await source.exited) - t0, (await listenerEnded) - t0];
    cuts.push({ what: 'A→B: encoder TCP closed on B', ms: Math.round(closed) });
    cuts.push({ what: 'A→B: listener on B ended', ms: Math.round(listenerGone) });
    cuts.push({ what: 'A→B: ffmpeg exited', ms: Math.round(sourceGone) });
    expect(closed).toBeLessThan(scaled(1000));
    expect(listenerGone).toBeLessThan(scaled(1000));
    expect(sourceGone).toBeLessThan(FFMPEG_EXIT_MS);
    expect((await b.app.inject({ url: `/api/live/${id}/stream` })).statusCode).toBe(404);
    expect((await a.app.inject({ url: `/api/live/${id}/stream` })).statusCode).toBe(404);
    await until(async () => {
      const [row] = await a.ctx.database.db.select().from(liveStreams).where(eq(liveStreams.id, id));
      return row.endedAt !== null;
    }, scaled(1000));
    // One notice however many processes saw the event.
    await b.app.live.recordingSettled(id);
    expect(await suspensionMails(user.email)).toHaveLength(1);
  });

  it('deletion on A: the encoder on B is cut and its recording discarded', async () => {
    const admin = await signUp(a, { role: 'admin' });
    const { user, key } = await creatorWithKey(a);
    const source = ffmpegSource(b, key);
    const id = await onAir(b, user);
    const listener = listen(portOf(b), `/api/live/${id}/stream`);
    await until(() => listener.bytes() > 2000);
    const t0 = performance.now();
    const res = await a.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBeLessThan(300);
    const listenerEnded = listener.ended.then(() => performance.now());
    const closed = await tcpClosed(b, t0);
    const [sourceGone, listenerGone] = [(await source.exited) - t0, (await listenerEnded) - t0];
    cuts.push({ what: 'delete A→B: encoder TCP closed on B', ms: Math.round(closed) });
    cuts.push({ what: 'delete A→B: listener on B ended', ms: Math.round(listenerGone) });
    cuts.push({ what: 'delete A→B: ffmpeg exited', ms: Math.round(sourceGone) });
    expect(closed).toBeLessThan(scaled(1000));
    expect(listenerGone).toBeLessThan(scaled(1000));
    expect(sourceGone).toBeLessThan(FFMPEG_EXIT_MS);
    await b.app.live.recordingSettled(id);
    expect(fs.existsSync(rawRecordingPath(b.dataDir, id))).toBe(false);
    expect((await b.app.inject({ url: `/api/live/${id}/stream` })).statusCode).toBe(404);
  });

  it('a browser publisher on B is told why (ended: suspended) before its socket closes, on a suspension on A', async () => {
    const admin = await signUp(a, { role: 'admin' });
    const creator = await signUp(b, { role: 'creator' }); // signed in on B, where it broadcasts
    const created = await b.app.inject({
      method: 'POST',
      url: '/api/live',
      headers: { cookie: creator.cookie },
      payload: { title: 'Browser set', category: 'Music' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const pub = connectPublisher(`http://127.0.0.1:${portOf(b)}`, id, { cookie: creator.cookie });
    const frames: TLiveIngestMessage[] = [];
    pub.ws.on('message', (raw, isBinary) => {
      if (!isBinary) frames.push(JSON.parse(String(raw)));
    });
    void pub.play(synthesize(opusPackets(30, 60), 'chrome', 240), 240);
    await pub.onAir;
    const listener = listen(portOf(b), `/api/live/${id}/stream`);
    await until(() => listener.bytes() > 1000);

    const t0 = performance.now();
    await suspend(a, admin, creator.id);
    const closed = await pub.closed;
    const ms = performance.now() - t0;
    await listener.ended;
    cuts.push({ what: 'A→B: browser publisher closed', ms: Math.round(ms) });
    expect(ms).toBeLessThan(scaled(1000));
    expect(frames.at(-1)).toEqual({ type: 'ended', streamId: id, reason: 'suspended' });
    expect(closed).toEqual({ code: LIVE_INGEST_CLOSE.ended, reason: ADMIN_MESSAGES.accountSuspended });
    await until(async () => {
      const [row] = await a.ctx.database.db.select().from(liveStreams).where(eq(liveStreams.id, id));
      return row.endedAt !== null;
    }, 1000);
    expect((await b.app.inject({ url: `/api/live/${id}/stream` })).statusCode).toBe(404);
  });

  it('the notice is queued once per event, however often the event is redelivered', async () => {
    const user = await signUp(a, { role: 'creator' });
    const event = {
      id: crypto.randomUUID(),
      name: 'account.suspended' as const,
      payload: { userId: user.id, reason: 'strikes' as const },
      at: new Date().toISOString(),
    };
    const queued = await Promise.all([queueSuspensionNotice(a.ctx, event), queueSuspensionNotice(b.ctx, event)]);
    expect(queued.sort()).toEqual([false, true]);
    expect(await queueSuspensionNotice(a.ctx, event)).toBe(false);
    const mails = await suspensionMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('three strikes');
  });

  it('a key revoked on A cuts the encoder on B', async () => {
    const { user, key, keyId } = await creatorWithKey(a);
    const source = ffmpegSource(b, key);
    await onAir(b, user);
    const t0 = performance.now();
    const res = await a.app.inject({
      method: 'DELETE',
      url: `/api/live/keys/${keyId}`,
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    const closed = await tcpClosed(b, t0);
    const gone = (await source.exited) - t0;
    cuts.push({ what: 'revoke A→B: encoder TCP closed on B', ms: Math.round(closed) });
    cuts.push({ what: 'revoke A→B: ffmpeg exited', ms: Math.round(gone) });
    expect(closed).toBeLessThan(scaled(1000));
    expect(gone).toBeLessThan(FFMPEG_EXIT_MS);
    expect(b.app.encoderIngest?.sourceCount).toBe(0);
  });

  it('a broadcast that attached while a suspension was applied (no event reaches it) ends at the next heartbeat', async () => {
    const { user, key } = await creatorWithKey(a);
    const source = ffmpegSource(a, key);
    const id = await onAir(a, user);
    // The suspension's row without its event: what an encoder that attached just after the live
    // subscriber ran would see.
    await a.ctx.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    await until(() => a.app.encoderIngest?.sourceCount === 0, 15_000);
    expect(a.app.live.hub.activeIds()).not.toContain(id);
    // The source is cut before the row is written: wait for the row, not for a moment.
    const ended = async () =>
      (await a.ctx.database.db.select().from(liveStreams).where(eq(liveStreams.id, id)))[0].endedAt;
    expect(await until(ended, 15_000)).not.toBeNull();
    await source.exited;
  });
});

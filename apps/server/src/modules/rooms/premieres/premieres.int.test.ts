import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RealtimeMessage, RoomPlayback, TComment, TNotification, TPremiere, TRoom } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../../../test/helpers';
import { seedTrack } from '../../../../test/seed-track';
import { syncNow } from '../../../realtime/sync-clock';
import { notificationsSettled } from '../../notifications/subscriber';
import { audioPart, makeAudio, multipartBody } from '../../tracks/testing';

let t: TestApp;
let creator: TestUser;
const published: RealtimeMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.bus.subscribe((m) => void published.push(m));
  creator = await signUp(t, { name: 'Premiere Creator', role: 'creator' });
  t.ctx.clock.freeze();
});
afterAll(async () => {
  t.ctx.clock.freeze(false);
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Who = TestUser | { guest: string } | null;
const call = (who: Who, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    remoteAddress: testClientIp(),
    headers: !who ? {} : 'guest' in who ? { 'x-room-guest': who.guest } : { cookie: who.cookie },
  });
const inMinutes = (m: number) => new Date(t.ctx.clock.now().getTime() + m * 60_000).toISOString();
const schedule = (who: TestUser, trackId: string, startsAt: string) =>
  call(who, 'POST', `/api/tracks/${trackId}/premiere`, { startsAt });

describe('premieres', () => {
  it('validates the time and the owner, one open premiere per track', async () => {
    const id = await seedTrack(t.ctx.database.db, creator.id, { title: 'Checked' });
    const other = await signUp(t, { name: 'Not Owner', role: 'creator' });
    expect((await schedule(other, id, inMinutes(10))).statusCode).toBe(404);
    expect((await call(null, 'POST', `/api/tracks/${id}/premiere`, { startsAt: inMinutes(10) })).statusCode).toBe(401);
    expect((await schedule(creator, id, 'tomorrow')).json().error.message).toBe('Invalid date');
    expect((await schedule(creator, id, inMinutes(0.5))).json().error.message).toBe(
      'Schedule the premiere at least a minute ahead',
    );
    expect((await schedule(creator, id, inMinutes(31 * 24 * 60))).json().error.message).toBe(
      'A premiere can be scheduled at most 30 days ahead',
    );
    const processing = await seedTrack(t.ctx.database.db, creator.id, { title: 'Raw', status: 'processing' });
    expect((await schedule(creator, processing, inMinutes(10))).statusCode).toBe(409);
    expect((await schedule(creator, id, inMinutes(10))).statusCode).toBe(201);
    const again = await schedule(creator, id, inMinutes(20));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This track already has a premiere');
    // Canceled by its creator: the room closes; a new premiere may be scheduled.
    expect((await call(other, 'DELETE', `/api/tracks/${id}/premiere`)).statusCode).toBe(404);
    expect((await call(creator, 'DELETE', `/api/tracks/${id}/premiere`)).statusCode).toBe(204);
    expect((await call(null, 'GET', `/api/tracks/${id}/premiere`)).statusCode).toBe(404);
    expect((await schedule(creator, id, inMinutes(20))).statusCode).toBe(201);
  });

  it('hidden until its time, counts down, starts everyone at the same instant, keeps the chat as comments', async () => {
    const follower = await signUp(t, { name: 'Fan' });
    const quiet = await signUp(t, { name: 'Quiet Fan' });
    for (const f of [follower, quiet]) await call(f, 'POST', `/api/users/${creator.id}/follow`);
    const prefs = (await call(quiet, 'GET', '/api/me/settings/notifications')).json().notifications;
    const saved = await call(quiet, 'PUT', '/api/me/settings/notifications', { ...prefs, premiereAlerts: false });
    expect(saved.json().notifications.premiereAlerts).toBe(false);
    const trackId = await seedTrack(t.ctx.database.db, creator.id, { title: 'Big Single', duration: 120 });
    const startsAt = inMinutes(5);
    const res = await schedule(creator, trackId, startsAt);
    expect(res.statusCode, res.body).toBe(201);
    const premiere = res.json() as TPremiere;
    expect(premiere).toMatchObject({ status: 'scheduled', title: 'Big Single', startsAt, trackId });

    // Hidden from everyone but its creator until then; the countdown page reads the premiere.
    expect((await call(follower, 'GET', `/api/tracks/${trackId}`)).statusCode).toBe(404);
    expect((await call(creator, 'GET', `/api/tracks/${trackId}`)).statusCode).toBe(200);
    const waiting = (await call(null, 'GET', `/api/tracks/${trackId}/premiere`)).json() as TPremiere;
    expect(waiting.status).toBe('scheduled');
    expect(new Date(waiting.startsAt).getTime() - t.ctx.clock.now().getTime()).toBe(5 * 60_000);

    // Followers who want premiere alerts are told at scheduling.
    await notificationsSettled(t.ctx);
    const told = async (u: TestUser) =>
      ((await call(u, 'GET', '/api/notifications')).json().items as TNotification[]).filter(
        (n) => n.type === 'premiere',
      );
    expect((await told(follower)).map((n) => [n.title, n.link])).toEqual([
      [expect.stringContaining('Premiere Creator scheduled a premiere of "Big Single"'), `/rooms/${premiere.roomId}`],
    ]);
    expect(await told(quiet)).toEqual([]);

    // The waiting room: a guest and the follower chat before the start (kept at 0:00).
    const guest = (await call(null, 'POST', `/api/rooms/${premiere.roomId}/join`, { guestName: 'Early Guest' })).json();
    await call(follower, 'POST', `/api/rooms/${premiere.roomId}/join`, {});
    expect(
      (await call(follower, 'POST', `/api/rooms/${premiere.roomId}/messages`, { content: 'so ready' })).statusCode,
    ).toBe(201);
    await call({ guest: guest.guestToken }, 'POST', `/api/rooms/${premiere.roomId}/messages`, {
      content: 'hi from a guest',
    });
    // Only the host controls a premiere; nobody may add to its queue.
    expect(
      (await call(follower, 'POST', `/api/rooms/${premiere.roomId}/playback`, { action: 'play' })).statusCode,
    ).toBe(403);
    const roomBefore = (await call(null, 'GET', `/api/rooms/${premiere.roomId}`)).json() as TRoom;
    expect(roomBefore).toMatchObject({ kind: 'premiere', premiereTrackId: trackId, premiereStartsAt: startsAt });
    expect(roomBefore.playback.schedule).toMatchObject({ paused: true, positionAtStart: 0 });
    expect(roomBefore.playback.schedule.itemId).not.toBeNull();

    // The time comes (the test clock moves 5 minutes and 2 s): the first read starts it.
    t.ctx.clock.advance(5 * 60_000 + 2_000);
    const sinceStart = published.length;
    const live = (await call(null, 'GET', `/api/tracks/${trackId}/premiere`)).json() as TPremiere;
    expect(live.status).toBe('live');
    const started = published
      .slice(sinceStart)
      .find((m) => m.event === 'room.playback' && m.topic === `room:${premiere.roomId}`)?.data as RoomPlayback;
    // Everyone's media position 0 is the scheduled instant: on the sync clock, 2 s ago.
    expect(started.schedule).toMatchObject({ paused: false, positionAtStart: 0, durationMs: 120_000 });
    expect(Math.abs(syncNow() - started.schedule.startAt - 2_000)).toBeLessThan(1_000);
    expect((await call(follower, 'GET', `/api/tracks/${trackId}`)).statusCode).toBe(200);
    await notificationsSettled(t.ctx);
    expect((await told(follower)).map((n) => n.title)).toContain(
      'Premiere Creator\'s premiere of "Big Single" is starting now',
    );

    // A line during the premiere is timed at the media position when said (the sync clock: ~2 s in).
    expect(
      (await call(follower, 'POST', `/api/rooms/${premiere.roomId}/messages`, { content: 'the drop!' })).statusCode,
    ).toBe(201);

    // After the track's length: a normal track; the chat is its comments; the room closed.
    t.ctx.clock.advance(120_000);
    expect((await call(null, 'GET', `/api/tracks/${trackId}/premiere`)).json().status).toBe('done');
    const comments = (await call(null, 'GET', `/api/tracks/${trackId}/comments`)).json().items as TComment[];
    const byText = Object.fromEntries(comments.map((c) => [c.content, c.positionSeconds]));
    expect(byText).toMatchObject({ 'so ready': 0, 'hi from a guest': 0 });
    expect(byText['the drop!']).toBeGreaterThanOrEqual(1);
    expect(byText['the drop!']).toBeLessThanOrEqual(4);
    expect(comments.find((c) => c.content === 'so ready')?.author?.id).toBe(follower.id);
    expect((await call(null, 'GET', `/api/rooms/${premiere.roomId}`)).json().status).toBe('closed');
    expect(published.some((m) => m.event === 'room.closed' && m.topic === `room:${premiere.roomId}`)).toBe(true);
  });

  it('a removed track cancels its premiere; publishing the track early cancels it too', async () => {
    const early = await seedTrack(t.ctx.database.db, creator.id, { title: 'Leaked' });
    const p = (await schedule(creator, early, inMinutes(30))).json() as TPremiere;
    expect((await call(creator, 'PATCH', `/api/tracks/${early}`, { isPublic: true })).statusCode).toBe(200);
    const end = Date.now() + 5_000;
    while ((await call(null, 'GET', `/api/rooms/${p.roomId}`)).json().status !== 'closed') {
      if (Date.now() > end) throw new Error('the premiere was not canceled');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await call(null, 'GET', `/api/tracks/${early}/premiere`)).statusCode).toBe(404);
  });

  it('can be scheduled on the upload form: the same checks before anything is stored, live once processed', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wc-premiere-upload-'));
    const audio = await audioPart(await makeAudio(dir, 'mp3', 3));
    const upload = (fields: Record<string, string>) => {
      const { body, contentType } = multipartBody({ title: 'At Upload', isPublic: 'true', ...fields }, [audio]);
      return t.app.inject({
        method: 'POST',
        url: '/api/tracks',
        headers: { cookie: creator.cookie, 'content-type': contentType },
        payload: body,
      });
    };
    const tracksOf = async () => {
      const rows = await t.ctx.database.query<{ n: string }>(
        'SELECT count(*) AS n FROM audio_content WHERE user_id = $1',
        [creator.id],
      );
      return Number(rows[0].n);
    };
    const before = await tracksOf();
    for (const [premiereAt, message] of [
      ['tomorrow', 'Invalid date'],
      [inMinutes(0.5), 'Schedule the premiere at least a minute ahead'],
      [inMinutes(31 * 24 * 60), 'A premiere can be scheduled at most 30 days ahead'],
    ]) {
      const refused = await upload({ premiereAt });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    expect(await tracksOf()).toBe(before);

    const startsAt = inMinutes(3);
    const res = await upload({ premiereAt: startsAt });
    expect(res.statusCode, res.body).toBe(201);
    const trackId = (res.json().track ?? res.json()).id as string;
    expect(await tracksOf()).toBe(before + 1);
    const premiere = (await call(null, 'GET', `/api/tracks/${trackId}/premiere`)).json() as TPremiere;
    expect(premiere).toMatchObject({ status: 'scheduled', trackId, startsAt, title: 'At Upload' });
    // Hidden until its time whatever the form said about public.
    const listener = await signUp(t, { name: 'Upload Fan' });
    expect((await call(listener, 'GET', `/api/tracks/${trackId}`)).statusCode).toBe(404);

    // Its time comes while the audio is still processing: it waits for the audio.
    t.ctx.clock.advance(3 * 60_000 + 1_000);
    expect((await call(null, 'GET', `/api/tracks/${trackId}/premiere`)).json().status).toBe('scheduled');
    expect((await call(listener, 'GET', `/api/tracks/${trackId}`)).statusCode).toBe(404);
    await t.ctx.jobs.drain();
    const status = (await call(null, 'GET', `/api/tracks/${trackId}/premiere`)).json().status;
    const track = (await call(creator, 'GET', `/api/tracks/${trackId}`)).json();
    expect((track.track ?? track).status).toBe('ready');
    // Processed by the drain above: the next read moves it live, the track public.
    expect(status).toBe('live');
    expect((await call(listener, 'GET', `/api/tracks/${trackId}`)).statusCode).toBe(200);
    await fs.rm(dir, { recursive: true, force: true });
  });
});

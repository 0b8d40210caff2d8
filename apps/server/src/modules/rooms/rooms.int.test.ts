import {
  clockSampleFromHeader,
  type RealtimeMessage,
  type RoomPlayback,
  SYNC,
  SYNC_CLOCK_HEADER,
  type TJoinedRoom,
  type TRoom,
  type TRoomMessages,
  type TRoomQueueItem,
} from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { scaled } from '../../../test/time';
import { syncNow } from '../../realtime/sync-clock';

let t: TestApp;
let creator: TestUser;
let tracks: string[];
const published: RealtimeMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.bus.subscribe((m) => {
    if (m.topic.startsWith('room:')) published.push(m);
  });
  creator = await signUp(t, { name: 'Rooms Creator', role: 'creator' });
  tracks = await Promise.all(
    ['One', 'Two', 'Three'].map((title) => seedTrack(t.ctx.database.db, creator.id, { title, duration: 60 })),
  );
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Who = TestUser | { guest: string } | null;
const call = (who: Who, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    remoteAddress: testClientIp(),
    headers: !who ? {} : 'guest' in who ? { 'x-room-guest': who.guest } : { cookie: who.cookie },
  });
const until = async (what: string, check: () => Promise<boolean> | boolean, ms = scaled(5_000)) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const room = async (who: Who, id: string) => (await call(who, 'GET', `/api/rooms/${id}`)).json() as TRoom;
const queueTitles = async (id: string) =>
  ((await call(null, 'GET', `/api/rooms/${id}/queue`)).json().items as TRoomQueueItem[]).map((i) => i.title);
const openRoom = async (host: TestUser, body: object = {}) => {
  const res = await call(host, 'POST', '/api/rooms', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TRoom;
};
const joinGuest = async (id: string, guestName: string) => {
  const res = await call(null, 'POST', `/api/rooms/${id}/join`, { guestName });
  expect(res.statusCode, res.body).toBe(200);
  const joined = res.json() as TJoinedRoom;
  return { joined, guest: { guest: joined.guestToken as string } };
};

describe('rooms', () => {
  it('a signed-in listener opens a room from a track; signed-out visitors cannot open one', async () => {
    const host = await signUp(t, { name: 'Hana' });
    const r = await openRoom(host, { source: { kind: 'track', id: tracks[0] }, visibility: 'public' });
    expect(r).toMatchObject({
      name: "Hana's room",
      kind: 'room',
      status: 'open',
      visibility: 'public',
      memberCount: 1,
    });
    expect(r.me).toMatchObject({ isHost: true, name: 'Hana', isGuest: false });
    expect(await queueTitles(r.id)).toEqual(['One']);
    expect((await call(null, 'POST', '/api/rooms', {})).statusCode).toBe(401);
    // Bad input: a clear 400 and no room.
    const bad = await call(host, 'POST', '/api/rooms', { name: 'x'.repeat(81), visibility: 'everyone' });
    expect(bad.statusCode).toBe(400);
    const missing = await call(host, 'POST', '/api/rooms', { source: { kind: 'track', id: crypto.randomUUID() } });
    expect(missing.statusCode).toBe(404);
    // Listed while public; a link room is not.
    const linkRoom = await openRoom(host, { name: 'Secret' });
    const listed = (await call(null, 'GET', '/api/rooms')).json().items.map((i: { id: string }) => i.id);
    expect(listed).toContain(r.id);
    expect(listed).not.toContain(linkRoom.id);
    expect((await call(null, 'GET', `/api/rooms/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/rooms/not-a-uuid')).statusCode).toBe(400);
  });

  it('a guest joins by name, chats and reacts; members are listed; non-host controls are 403', async () => {
    const host = await signUp(t, { name: 'Host Two' });
    const r = await openRoom(host, { source: { kind: 'track', id: tracks[1] } });
    expect((await call(null, 'POST', `/api/rooms/${r.id}/join`, {})).json().error.message).toBe(
      'Enter a name to join as a guest',
    );
    const { joined, guest } = await joinGuest(r.id, '  Gwen  ');
    expect(joined.member).toMatchObject({ name: 'Gwen', isGuest: true, isHost: false, userId: null });
    expect(joined.guestToken).toMatch(/^[\w-]{32}$/);
    expect((await room(guest, r.id)).me?.id).toBe(joined.member.id);

    const listener = await signUp(t, { name: 'Lou' });
    expect((await call(listener, 'POST', `/api/rooms/${r.id}/join`, {})).statusCode).toBe(200);
    const members = (await call(null, 'GET', `/api/rooms/${r.id}/members`)).json().items;
    expect(members.map((m: { name: string; isHost: boolean }) => [m.name, m.isHost])).toEqual([
      ['Host Two', true],
      ['Gwen', false],
      ['Lou', false],
    ]);

    const said = await call(guest, 'POST', `/api/rooms/${r.id}/messages`, { content: ' hello all ' });
    expect(said.statusCode).toBe(201);
    expect(said.json()).toMatchObject({ kind: 'chat', content: 'hello all', authorName: 'Gwen' });
    expect((await call(guest, 'POST', `/api/rooms/${r.id}/reactions`, { emoji: '🔥' })).statusCode).toBe(201);
    expect((await call(guest, 'POST', `/api/rooms/${r.id}/reactions`, { emoji: '💩' })).statusCode).toBe(400);
    expect((await call(guest, 'POST', `/api/rooms/${r.id}/messages`, { content: '   ' })).json().error.message).toBe(
      'Message cannot be empty',
    );
    // Not a member (no token, a made-up token): 403, nothing written.
    expect((await call(null, 'POST', `/api/rooms/${r.id}/messages`, { content: 'hi' })).statusCode).toBe(403);
    expect(
      (await call({ guest: 'x'.repeat(32) }, 'POST', `/api/rooms/${r.id}/messages`, { content: 'hi' })).statusCode,
    ).toBe(403);
    const lines = (await call(null, 'GET', `/api/rooms/${r.id}/messages`)).json() as TRoomMessages;
    expect(lines.items.map((m) => m.content)).toEqual(['hello all']);
    expect(published.some((m) => m.topic === `room:${r.id}` && m.event === 'room.message')).toBe(true);

    for (const who of [guest, listener]) {
      for (const body of [
        { action: 'play' },
        { action: 'pause' },
        { action: 'skip' },
        { action: 'seek', positionMs: 5 },
      ]) {
        const res = await call(who, 'POST', `/api/rooms/${r.id}/playback`, body);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe('Only the host can do that');
      }
      expect((await call(who, 'POST', `/api/rooms/${r.id}/host`, { memberId: joined.member.id })).statusCode).toBe(403);
      expect((await call(who, 'DELETE', `/api/rooms/${r.id}`)).statusCode).toBe(403);
    }
    expect((await call(host, 'POST', `/api/rooms/${r.id}/playback`, { action: 'jump' })).statusCode).toBe(400);
  });

  it('the host plays, pauses, seeks and skips through the sync core; the decision is kept and published', async () => {
    const host = await signUp(t, { name: 'DJ' });
    const r = await openRoom(host);
    expect((await call(host, 'POST', `/api/rooms/${r.id}/playback`, { action: 'play' })).json().error.message).toBe(
      'The queue is empty',
    );
    for (const id of tracks)
      expect((await call(host, 'POST', `/api/rooms/${r.id}/queue`, { trackId: id })).statusCode).toBe(200);
    const control = async (body: object) => {
      const res = await call(host, 'POST', `/api/rooms/${r.id}/playback`, body);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as TRoom).playback.schedule;
    };
    const before = syncNow();
    // Nobody listening over a socket: the group wait has no one to wait for and starts at once, a lead ahead.
    const played = await control({ action: 'play' });
    expect(played).toMatchObject({ paused: false, waiting: false, positionAtStart: 0, durationMs: 60_000 });
    expect(played.startAt).toBeGreaterThanOrEqual(before + SYNC.startLeadMs);
    const first = played.itemId;
    expect((await control({ action: 'pause' })).paused).toBe(true);
    expect(await control({ action: 'seek', positionMs: 30_000 })).toMatchObject({
      paused: true,
      positionAtStart: 30_000,
    });
    const skipped = await control({ action: 'skip' });
    expect(skipped).toMatchObject({ paused: false, positionAtStart: 0 });
    expect(skipped.itemId).not.toBe(first);
    expect(await queueTitles(r.id)).toEqual(['Two', 'Three']);
    // The decision is kept beside the room and published to its members.
    expect((await room(null, r.id)).playback.schedule.revision).toBe(skipped.revision);
    const revisions = published
      .filter((m) => m.topic === `room:${r.id}` && m.event === 'room.playback')
      .map((m) => (m.data as RoomPlayback).schedule.revision);
    expect(revisions.length).toBeGreaterThanOrEqual(4);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(revisions.at(-1)).toBe(skipped.revision);
  });

  it('queue: the host can restrict adding; members remove only what they added; the host hands over', async () => {
    const host = await signUp(t, { name: 'Queue Host' });
    const r = await openRoom(host, { queuePolicy: 'host' });
    const member = await signUp(t, { name: 'Queue Member' });
    expect((await call(member, 'POST', `/api/rooms/${r.id}/join`, {})).statusCode).toBe(200);
    const memberRow = (await room(member, r.id)).me;
    const add = await call(member, 'POST', `/api/rooms/${r.id}/queue`, { trackId: tracks[0] });
    expect(add.statusCode).toBe(403);
    expect(add.json().error.message).toBe('Only the host can add to this queue');
    expect((await call(host, 'PATCH', `/api/rooms/${r.id}`, { queuePolicy: 'everyone' })).statusCode).toBe(200);
    const added = (await call(member, 'POST', `/api/rooms/${r.id}/queue`, { trackId: tracks[0] })).json().items;
    const hostAdded = (await call(host, 'POST', `/api/rooms/${r.id}/queue`, { trackId: tracks[1] })).json().items;
    expect(added).toHaveLength(1);
    expect((await call(member, 'DELETE', `/api/rooms/${r.id}/queue/${hostAdded[1].id}`)).statusCode).toBe(403);
    expect((await call(member, 'DELETE', `/api/rooms/${r.id}/queue/${added[0].id}`)).statusCode).toBe(200);
    expect(await queueTitles(r.id)).toEqual(['Two']);
    // A private track cannot be queued (others could not play it).
    const privateId = await seedTrack(t.ctx.database.db, creator.id, { title: 'Private', isPublic: false });
    expect((await call(host, 'POST', `/api/rooms/${r.id}/queue`, { trackId: privateId })).statusCode).toBe(404);

    expect((await call(host, 'POST', `/api/rooms/${r.id}/host`, { memberId: memberRow?.id })).statusCode).toBe(204);
    expect((await room(member, r.id)).me?.isHost).toBe(true);
    expect((await call(host, 'POST', `/api/rooms/${r.id}/playback`, { action: 'play' })).statusCode).toBe(403);
    expect((await call(member, 'POST', `/api/rooms/${r.id}/playback`, { action: 'play' })).statusCode).toBe(200);
  });

  it('the host removes a member (who cannot come back) and closes the room; sockets are told', async () => {
    const host = await signUp(t, { name: 'Strict Host' });
    const r = await openRoom(host);
    const { joined, guest } = await joinGuest(r.id, 'Troll');
    expect((await call(host, 'DELETE', `/api/rooms/${r.id}/members/${joined.member.id}`)).statusCode).toBe(204);
    const again = await call(guest, 'POST', `/api/rooms/${r.id}/messages`, { content: 'back' });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe('You were removed from this room');
    expect((await call(guest, 'POST', `/api/rooms/${r.id}/join`, { guestName: 'Troll' })).statusCode).toBe(403);
    expect(published.some((m) => m.event === 'room.removed' && m.topic === `room:${r.id}`)).toBe(true);

    expect((await call(host, 'DELETE', `/api/rooms/${r.id}`)).statusCode).toBe(204);
    expect(published.some((m) => m.event === 'room.closed' && m.topic === `room:${r.id}`)).toBe(true);
    expect((await room(null, r.id)).status).toBe('closed');
    const late = await call(null, 'POST', `/api/rooms/${r.id}/join`, { guestName: 'Late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This room has closed');
  });

  it('presence: a member not seen for 45 s leaves the list; a host who leaves hands over', async () => {
    const host = await signUp(t, { name: 'Away Host' });
    const r = await openRoom(host);
    const { guest } = await joinGuest(r.id, 'Stayer');
    t.ctx.clock.freeze();
    try {
      t.ctx.clock.advance(30_000);
      expect((await call(guest, 'POST', `/api/rooms/${r.id}/heartbeat`)).statusCode).toBe(204);
      t.ctx.clock.advance(30_000);
      const names = (await call(null, 'GET', `/api/rooms/${r.id}/members`))
        .json()
        .items.map((m: { name: string }) => m.name);
      expect(names).toEqual(['Stayer']);
      expect((await call(host, 'POST', `/api/rooms/${r.id}/heartbeat`)).statusCode).toBe(204);
      expect((await call(host, 'POST', `/api/rooms/${r.id}/leave`)).statusCode).toBe(204);
      const after = await room(guest, r.id);
      expect(after.me?.isHost).toBe(true);
      expect(after.hostName).toBe('Stayer');
    } finally {
      t.ctx.clock.freeze(false);
    }
  });

  it('lifecycle: a hidden track leaves queues (the room moves on); a suspended or deleted host is replaced', async () => {
    const owner = await signUp(t, { name: 'Owner', role: 'creator' });
    const song = await seedTrack(t.ctx.database.db, owner.id, { title: 'Soon Hidden' });
    const host = await signUp(t, { name: 'Life Host' });
    const r = await openRoom(host, { source: { kind: 'track', id: song } });
    await call(host, 'POST', `/api/rooms/${r.id}/queue`, { trackId: tracks[2] });
    await call(host, 'POST', `/api/rooms/${r.id}/playback`, { action: 'play' });
    const hide = await call(owner, 'PATCH', `/api/tracks/${song}`, { isPublic: false });
    expect(hide.statusCode, hide.body).toBe(200);
    await until('the hidden track left the queue', async () => (await queueTitles(r.id)).join() === 'Three');
    const moved = (await room(host, r.id)).playback.schedule;
    expect(moved.itemId).not.toBeNull();
    expect((await call(null, 'GET', `/api/rooms/${r.id}/queue`)).json().items[0].id).toBe(moved.itemId);

    const { guest } = await joinGuest(r.id, 'Heir');
    const admin = await signUp(t, { name: 'Rooms Admin', role: 'admin' });
    const suspend = await call(admin, 'POST', `/api/admin/users/${host.id}/suspend`, { reason: 'test' });
    expect(suspend.statusCode, suspend.body).toBe(200);
    await until('the guest became host', async () => (await room(guest, r.id)).me?.isHost === true);

    const leaver = await signUp(t, { name: 'Leaver' });
    const r2 = await openRoom(leaver);
    const { guest: g2 } = await joinGuest(r2.id, 'Second');
    const del = await call(leaver, 'DELETE', '/api/me', { password: leaver.password });
    expect(del.statusCode, del.body).toBeLessThan(300);
    await until('the guest took over the deleted host’s room', async () => (await room(g2, r2.id)).me?.isHost === true);
  });

  it('the room read, the join and the clock request carry a clock sample on the sync clock (ADR 0057)', async () => {
    const host = await signUp(t, { name: 'Cleo' });
    const r = await openRoom(host, { source: { kind: 'track', id: tracks[0] }, visibility: 'public' });
    const listener = await signUp(t, { name: 'Lior' });
    for (const [method, url] of [
      ['GET', `/api/rooms/${r.id}`],
      ['POST', `/api/rooms/${r.id}/join`],
      ['GET', `/api/rooms/${r.id}/clock`],
    ] as const) {
      // Timed here on the server's own sync clock: the exchange's offset is 0, its stamps inside it.
      const t0 = syncNow();
      const res = await call(listener, method, url, method === 'POST' ? {} : undefined);
      const t3 = syncNow();
      expect(res.statusCode, res.body).toBe(url.endsWith('/clock') ? 204 : 200);
      const header = res.headers[SYNC_CLOCK_HEADER];
      expect(typeof header).toBe('string');
      const sample = clockSampleFromHeader(header as string, t0, t3);
      expect(sample, `${url}: ${String(header)}`).not.toBeNull();
      const s = sample as NonNullable<typeof sample>;
      expect(s.t1).toBeGreaterThanOrEqual(t0);
      expect(s.t2).toBeGreaterThanOrEqual(s.t1);
      expect(s.t2).toBeLessThanOrEqual(t3);
      // NTP's offset of this exchange: within half its round trip of the truth (0).
      expect(Math.abs((s.t1 - s.t0 + (s.t2 - s.t3)) / 2)).toBeLessThanOrEqual((t3 - t0) / 2);
    }
    // Only the routes a joining page reads carry it.
    expect((await call(listener, 'GET', `/api/rooms/${r.id}/queue`)).headers[SYNC_CLOCK_HEADER]).toBeUndefined();
  });
});

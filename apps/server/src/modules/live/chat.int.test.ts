import type { RealtimeMessage } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { connectPublisher, type PublisherClient } from '../../relay/testing/clients';
import { chromeCapture } from '../../relay/testing/webm-fixtures';

let t: TestApp;
let creator: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let streamId: string;
let pub: PublisherClient;
const events: RealtimeMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  creator = await signUp(t, { role: 'creator', name: 'Host' });
  alice = await signUp(t, { name: 'Alice' });
  bob = await signUp(t, { name: 'Bob' });
  carol = await signUp(t, { name: 'Carol' });
  t.ctx.bus.subscribe((m) => events.push(m));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/live',
    headers: { cookie: creator.cookie },
    payload: { title: 'Talk', category: 'Talk Shows' },
  });
  streamId = res.json().id;
  pub = connectPublisher(`http://127.0.0.1:${port}`, streamId, { cookie: creator.cookie });
  await pub.play(chromeCapture().chunks.slice(0, 4), 0);
  await pub.onAir;
});
afterAll(async () => {
  pub.close();
  await t.close();
});

const post = (cookie: string | undefined, content: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/live/${streamId}/chat`,
    headers: cookie ? { cookie } : {},
    payload: { content },
  });

describe('live chat', () => {
  it('signed-in users post; the event carries the whole message; everyone reads it', async () => {
    const res = await post(alice.cookie, '  Hello from Alice  ');
    expect(res.statusCode).toBe(201);
    const msg = res.json();
    expect(msg).toMatchObject({ content: 'Hello from Alice', author: { id: alice.id, displayName: 'Alice' } });
    expect(msg.offsetSeconds).toBeGreaterThanOrEqual(0);
    expect(events).toContainEqual({
      topic: `live:${streamId}`,
      event: 'live.chat',
      data: { streamId, messageId: msg.id, message: msg },
    });
    const list = (await t.app.inject({ method: 'GET', url: `/api/live/${streamId}/chat` })).json();
    expect(list.items.map((m: { content: string }) => m.content)).toContain('Hello from Alice');
    expect(list.muted).toBe(false);
    expect(list.mutedUserIds).toBeUndefined();
  });

  it('marks the host messages as the host’s, live and in the history', async () => {
    const hostRes = await post(creator.cookie, 'Welcome, everyone');
    const guestRes = await post(bob.cookie, 'Glad to be here');
    expect(hostRes.json()).toMatchObject({ content: 'Welcome, everyone', isHost: true });
    expect(guestRes.json()).toMatchObject({ content: 'Glad to be here', isHost: false });
    const live = events.find(
      (e) => e.event === 'live.chat' && (e.data as { messageId: string }).messageId === hostRes.json().id,
    );
    expect(live?.data).toMatchObject({ message: { isHost: true } });
    const list = (await t.app.inject({ method: 'GET', url: `/api/live/${streamId}/chat` })).json();
    const byContent = new Map(list.items.map((m: { content: string; isHost: boolean }) => [m.content, m.isHost]));
    expect(byContent.get('Welcome, everyone')).toBe(true);
    expect(byContent.get('Glad to be here')).toBe(false);
  });

  it('refuses anonymous, blank and over-long messages', async () => {
    expect((await post(undefined, 'hi')).statusCode).toBe(401);
    const blank = await post(bob.cookie, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Message cannot be empty');
    const long = await post(bob.cookie, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Message must be at most 500 characters');
  });

  it('rate-limits each user (5 per 10 s) without limiting others', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await post(carol.cookie, `msg ${i}`)).statusCode);
    expect(codes.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(codes[5]).toBe(429);
    expect((await post(alice.cookie, 'still fine')).statusCode).toBe(201);
  });

  it('the creator deletes messages; others cannot', async () => {
    const msg = (await post(alice.cookie, 'delete me')).json();
    const del = (cookie: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/live/${streamId}/chat/${msg.id}`, headers: { cookie } });
    expect((await del(bob.cookie)).statusCode).toBe(403);
    expect((await del(creator.cookie)).statusCode).toBe(204);
    expect(events).toContainEqual({
      topic: `live:${streamId}`,
      event: 'live.chat.deleted',
      data: { streamId, messageId: msg.id },
    });
    const list = (await t.app.inject({ method: 'GET', url: `/api/live/${streamId}/chat` })).json();
    expect(list.items.map((m: { id: string }) => m.id)).not.toContain(msg.id);
    expect((await del(creator.cookie)).statusCode).toBe(404);
  });

  it('the creator mutes and unmutes a user', async () => {
    const mute = (cookie: string, userId: string) =>
      t.app.inject({ method: 'POST', url: `/api/live/${streamId}/mutes`, headers: { cookie }, payload: { userId } });
    expect((await mute(alice.cookie, bob.id)).statusCode).toBe(403);
    expect((await mute(creator.cookie, creator.id)).statusCode).toBe(400);
    expect((await mute(creator.cookie, alice.id)).statusCode).toBe(204);
    const refused = await post(alice.cookie, 'am I muted?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('You have been muted in this chat');
    const aliceView = (
      await t.app.inject({ method: 'GET', url: `/api/live/${streamId}/chat`, headers: { cookie: alice.cookie } })
    ).json();
    expect(aliceView.muted).toBe(true);
    const hostView = (
      await t.app.inject({ method: 'GET', url: `/api/live/${streamId}/chat`, headers: { cookie: creator.cookie } })
    ).json();
    expect(hostView.mutedUserIds).toEqual([alice.id]);
    const unmute = await t.app.inject({
      method: 'DELETE',
      url: `/api/live/${streamId}/mutes/${alice.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(unmute.statusCode).toBe(204);
    expect((await post(alice.cookie, 'back again')).statusCode).toBe(201);
  });

  it('refuses chat once the stream has ended', async () => {
    await t.app.inject({ method: 'POST', url: `/api/live/${streamId}/end`, headers: { cookie: creator.cookie } });
    const dave = await signUp(t, { name: 'Dave' });
    const res = await post(dave.cookie, 'too late');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This stream is not live');
    await t.app.live.recordingSettled(streamId);
  });
});

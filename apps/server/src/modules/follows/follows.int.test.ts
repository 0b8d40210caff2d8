import type { RealtimeMessage } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';

let t: TestApp;
let fan: TestUser;
let other: TestUser;
let creator: TestUser;
const events: RealtimeMessage[] = [];

const call = (user: TestUser | null, method: 'POST' | 'DELETE', id: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/users/${id}/follow`,
    headers: { ...(user ? { cookie: user.cookie } : {}), ...headers },
  });

async function followRows(): Promise<number> {
  const [row] = await t.ctx.database.query<{ n: string }>('SELECT count(*) AS n FROM follows');
  return Number(row?.n);
}

beforeAll(async () => {
  t = await createTestApp();
  fan = await signUp(t);
  other = await signUp(t);
  creator = await signUp(t, { role: 'creator' });
  t.ctx.bus.subscribe((m) => events.push(m));
});
afterAll(() => t.close());

describe('follow / unfollow', () => {
  it('follows once, counts +1, and announces only the new follow', async () => {
    const first = await call(fan, 'POST', creator.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ following: true, followerCount: 1 });
    const again = await call(fan, 'POST', creator.id);
    expect(again.json()).toEqual({ following: true, followerCount: 1 });
    expect((await call(other, 'POST', creator.id)).json()).toEqual({ following: true, followerCount: 2 });
    expect(await followRows()).toBe(2);
    const followed = events.filter((e) => e.event === 'user.followed');
    expect(followed).toEqual([
      { topic: `user:${creator.id}`, event: 'user.followed', data: { followerId: fan.id, followingId: creator.id } },
      { topic: `user:${creator.id}`, event: 'user.followed', data: { followerId: other.id, followingId: creator.id } },
    ]);
  });

  it('unfollows idempotently, counts -1, never below zero', async () => {
    expect((await call(fan, 'DELETE', creator.id)).json()).toEqual({ following: false, followerCount: 1 });
    expect((await call(fan, 'DELETE', creator.id)).json()).toEqual({ following: false, followerCount: 1 });
    expect((await call(fan, 'DELETE', other.id)).json()).toEqual({ following: false, followerCount: 0 });
    expect(await followRows()).toBe(1);
  });

  it('cannot follow yourself', async () => {
    const res = await call(fan, 'POST', fan.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message: 'You cannot follow yourself' });
    expect(await followRows()).toBe(1);
  });

  it('needs a signed-in user, an existing target and our own origin', async () => {
    expect((await call(null, 'POST', creator.id)).statusCode).toBe(401);
    const missing = await call(fan, 'POST', 'no-such-user');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('User not found');
    expect((await call(fan, 'POST', creator.id, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(await followRows()).toBe(1);
  });
});

import type { TNotification, TNotificationPrefs } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { notificationsSettled } from './subscriber';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function makeTrack(owner: TestUser, title: string) {
  return seedTrack(t.ctx.database.db, owner.id, { title });
}

const like = (u: TestUser, trackId: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  t.app.inject({ method, url: `/api/tracks/${trackId}/like`, headers: { cookie: u.cookie } });

async function notificationsOf(u: TestUser) {
  await notificationsSettled(t.ctx);
  const page = (await t.app.inject({ url: '/api/notifications', headers: { cookie: u.cookie } })).json();
  return { items: page.items as TNotification[], unread: page.unreadCount as number };
}

const likesOf = async (u: TestUser) => (await notificationsOf(u)).items.filter((n) => n.type === 'new_like');

describe('like notifications', () => {
  it('one per track, rewritten as likes arrive and unread again; own likes tell nobody', async () => {
    const owner = await signUp(t, { name: 'Owner', role: 'creator' });
    const [ada, bo, cy, di] = await Promise.all(['Ada', 'Bo', 'Cy', 'Di'].map((name) => signUp(t, { name })));
    const trackId = await makeTrack(owner, 'Night Drive');

    expect((await like(owner, trackId)).statusCode).toBe(200);
    expect(await likesOf(owner)).toEqual([]);

    await like(ada, trackId);
    expect(await likesOf(owner)).toMatchObject([
      { title: 'Ada liked "Night Drive"', link: `/audio/${trackId}`, read: false, actor: { id: ada.id } },
    ]);
    await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { cookie: owner.cookie } });
    expect((await notificationsOf(owner)).unread).toBe(0);

    await like(bo, trackId);
    expect(await likesOf(owner)).toMatchObject([{ title: 'Bo and 1 other liked "Night Drive"', read: false }]);
    await like(cy, trackId);
    await like(di, trackId);
    const [grouped] = await likesOf(owner);
    expect(grouped).toMatchObject({ title: 'Di and 3 others liked "Night Drive"', read: false, actor: { id: di.id } });
    expect((await notificationsOf(owner)).unread).toBe(1);
  });

  it('one person liking and unliking again and again counts once and does not ring again', async () => {
    const owner = await signUp(t, { name: 'Owner', role: 'creator' });
    const ada = await signUp(t, { name: 'Ada' });
    const trackId = await makeTrack(owner, 'Loop');
    for (let i = 0; i < 3; i++) {
      await like(ada, trackId);
      await like(ada, trackId); // a repeated PUT
      await notificationsSettled(t.ctx);
      if (i === 0) {
        await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { cookie: owner.cookie } });
      }
      await like(ada, trackId, 'DELETE');
    }
    await like(ada, trackId);
    const { items, unread } = await notificationsOf(owner);
    expect(items.filter((n) => n.type === 'new_like')).toMatchObject([{ title: 'Ada liked "Loop"', read: true }]);
    expect(unread).toBe(0);
  });

  it('respects the newLikes preference (on by default)', async () => {
    const owner = await signUp(t, { name: 'Quiet', role: 'creator' });
    const ada = await signUp(t, { name: 'Ada' });
    const trackId = await makeTrack(owner, 'Hush');
    const prefs = (
      await t.app.inject({ url: '/api/me/settings/notifications', headers: { cookie: owner.cookie } })
    ).json().notifications as TNotificationPrefs;
    expect(prefs.newLikes).toBe(true);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/me/settings/notifications',
      headers: { cookie: owner.cookie },
      payload: { ...prefs, newLikes: false },
    });
    expect(saved.statusCode).toBe(200);
    await like(ada, trackId);
    expect(await likesOf(owner)).toEqual([]);
  });
});

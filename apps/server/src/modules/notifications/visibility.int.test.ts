import type { TNotification } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { notificationsSettled } from './subscriber';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setVisibility(u: TestUser, profileVisibility: 'public' | 'followers' | 'private') {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/me/settings/privacy',
    headers: { cookie: u.cookie },
    payload: { profileVisibility, showEmail: false, showFollowers: true, allowMessages: true },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const follow = (from: TestUser, to: TestUser) =>
  t.app.inject({ method: 'POST', url: `/api/users/${to.id}/follow`, headers: { cookie: from.cookie } });

async function followerNotes(u: TestUser) {
  await notificationsSettled(t.ctx);
  const page = (await t.app.inject({ url: '/api/notifications', headers: { cookie: u.cookie } })).json();
  return new Map((page.items as TNotification[]).filter((n) => n.type === 'new_follower').map((n) => [n.actor?.id, n]));
}

describe('notifications about people the recipient may not see', () => {
  it('say so, and give no link to a profile that would only say it is private', async () => {
    const creator = await signUp(t, { name: 'Cleo', role: 'creator' });
    const open = await signUp(t, { name: 'Open Olga' });
    const hidden = await signUp(t, { name: 'Hidden Hal' });
    const circle = await signUp(t, { name: 'Circle Cat' });
    const mutual = await signUp(t, { name: 'Mutual Mo' });
    await setVisibility(hidden, 'private');
    await setVisibility(circle, 'followers');
    await setVisibility(mutual, 'followers');
    await follow(creator, mutual); // the creator follows Mo back: Mo's followers-only profile is open to her
    for (const u of [open, hidden, circle, mutual]) expect((await follow(u, creator)).statusCode).toBe(200);

    const notes = await followerNotes(creator);
    expect(notes.get(open.id)).toMatchObject({
      title: 'Open Olga started following you',
      actorVisible: true,
      link: `/profile/listener/${open.id}`,
    });
    expect(notes.get(hidden.id)).toMatchObject({
      title: 'Hidden Hal started following you',
      actorVisible: false,
      link: null,
    });
    expect(notes.get(circle.id)).toMatchObject({ actorVisible: false, link: null });
    expect(notes.get(mutual.id)).toMatchObject({ actorVisible: true, link: `/profile/listener/${mutual.id}` });

    // What the link would have opened: the private profile is refused to the creator.
    const profile = await t.app.inject({ url: `/api/profiles/${hidden.id}`, headers: { cookie: creator.cookie } });
    expect(profile.json().error.message).toBe('This profile is private');
  });
});

import type { TProfile, TTrackPage } from '@wavecast/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { comments, likes, users } from '../../db/schema';

let t: TestApp;
let creator: TestUser;
let fan: TestUser;
let stranger: TestUser;
let publicTrack: string;
let privateTrack: string;

const get = (user: TestUser | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
const follow = (user: TestUser, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/users/${id}/follow`, headers: { cookie: user.cookie } });
const setPrivacy = (
  id: string,
  prefs: Partial<{ profileVisibility: string; showEmail: boolean; showFollowers: boolean }>,
) =>
  t.ctx.database.db
    .update(users)
    .set({
      privacyPrefs: {
        profileVisibility: 'public',
        showEmail: false,
        showFollowers: true,
        allowMessages: true,
        ...prefs,
      } as never,
    })
    .where(eq(users.id, id));

beforeAll(async () => {
  t = await createTestApp();
  creator = await signUp(t, { role: 'creator', name: 'Aurora' });
  fan = await signUp(t, { name: 'Fan' });
  stranger = await signUp(t, { name: 'Stranger' });
  const { db } = t.ctx.database;
  await db
    .update(users)
    .set({ website: 'https://example.com/aurora', bio: 'Ambient.' })
    .where(eq(users.id, creator.id));
  publicTrack = await seedTrack(db, creator.id, { title: 'Public one' });
  // An hour older, so the order holds however slowly the inserts run.
  await seedTrack(db, creator.id, { title: 'Public two', createdAt: new Date(Date.now() - 3600_000) });
  privateTrack = await seedTrack(db, creator.id, { title: 'Private one', isPublic: false });
  await seedTrack(db, creator.id, { title: 'Processing one', status: 'processing' });
  await follow(fan, creator.id);
});
afterAll(() => t.close());

describe('creator profile', () => {
  it('shows counts, joined date and website; email hidden by default', async () => {
    const res = await get(null, `/api/profiles/${creator.id}`);
    expect(res.statusCode).toBe(200);
    const p = res.json() as TProfile;
    expect(p).toMatchObject({
      id: creator.id,
      displayName: 'Aurora',
      role: 'creator',
      website: 'https://example.com/aurora',
      bio: 'Ambient.',
      email: null,
      followerCount: 1,
      followingCount: 0,
      trackCount: 2,
      isFollowing: false,
      isSelf: false,
    });
    expect(Date.parse(p.createdAt)).not.toBeNaN();
    expect((await get(fan, `/api/profiles/${creator.id}`)).json().isFollowing).toBe(true);
    expect((await get(creator, `/api/profiles/${creator.id}`)).json()).toMatchObject({
      isSelf: true,
      email: creator.email,
    });
  });

  it('lists only public, ready tracks, newest first', async () => {
    const page = (await get(stranger, `/api/profiles/${creator.id}/tracks`)).json() as TTrackPage;
    expect(page.items.map((x) => x.title)).toEqual(['Public one', 'Public two']);
    const own = (await get(creator, `/api/profiles/${creator.id}/tracks`)).json() as TTrackPage;
    expect(own.items.map((x) => x.id)).not.toContain(privateTrack);
  });

  it('answers 404 for someone who does not exist', async () => {
    const res = await get(null, '/api/profiles/nobody-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('User not found');
  });
});

describe('privacy', () => {
  it('shows the email only when allowed, and hides the follower count when asked', async () => {
    await setPrivacy(creator.id, { showEmail: true, showFollowers: false });
    const p = (await get(stranger, `/api/profiles/${creator.id}`)).json() as TProfile;
    expect(p.email).toBe(creator.email);
    expect(p.followerCount).toBeNull();
    expect((await get(creator, `/api/profiles/${creator.id}`)).json().followerCount).toBe(1);
  });

  it('followers-only profiles are for followers and the owner', async () => {
    await setPrivacy(creator.id, { profileVisibility: 'followers' });
    const denied = await get(stranger, `/api/profiles/${creator.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('This profile is private');
    expect((await get(null, `/api/profiles/${creator.id}`)).statusCode).toBe(403);
    expect((await get(null, `/api/profiles/${creator.id}/tracks`)).statusCode).toBe(403);
    expect((await get(fan, `/api/profiles/${creator.id}`)).statusCode).toBe(200);
    expect((await get(creator, `/api/profiles/${creator.id}`)).statusCode).toBe(200);
  });

  it('private profiles are for the owner only', async () => {
    await setPrivacy(creator.id, { profileVisibility: 'private' });
    expect((await get(fan, `/api/profiles/${creator.id}`)).statusCode).toBe(403);
    expect((await get(fan, `/api/profiles/${creator.id}/activity`)).statusCode).toBe(403);
    expect((await get(creator, `/api/profiles/${creator.id}`)).statusCode).toBe(200);
    await setPrivacy(creator.id, {});
  });
});

describe('listener profile', () => {
  it('counts whom the listener follows; the list itself is for the listener only', async () => {
    expect((await get(null, `/api/profiles/${fan.id}`)).json()).toMatchObject({ followingCount: 1, followerCount: 0 });
    const mine = await get(fan, `/api/profiles/${fan.id}/following`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items).toEqual([{ id: creator.id, displayName: 'Aurora', avatarUrl: null, role: 'creator' }]);
    const theirs = await get(stranger, `/api/profiles/${fan.id}/following`);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error.message).toBe('The following list is private');
    expect((await get(null, `/api/profiles/${fan.id}/following`)).statusCode).toBe(403);
  });

  it('recent activity shows likes and comments on public tracks only', async () => {
    const { db } = t.ctx.database;
    await db.insert(likes).values([
      { userId: fan.id, audioId: publicTrack, createdAt: new Date(Date.now() - 2000) },
      { userId: fan.id, audioId: privateTrack },
    ]);
    await db.insert(comments).values({ userId: fan.id, audioId: publicTrack, content: 'Lovely <b>pads</b>' });
    const res = await get(stranger, `/api/profiles/${fan.id}/activity`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { kind: string; track: { id: string }; comment?: string }[];
    expect(items.map((i) => [i.kind, i.track.id, i.comment])).toEqual([
      ['comment', publicTrack, 'Lovely <b>pads</b>'],
      ['like', publicTrack, undefined],
    ]);
  });
});

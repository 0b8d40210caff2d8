import fs from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_MAX_BYTES, DEFAULT_NOTIFICATION_PREFS, DEFAULT_PRIVACY_PREFS, USER_MESSAGES } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { dimensionsOf as dimensionsIn, pngBomb, testImage } from '../../../test/images';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  PNG = await testImage(t.dataDir, '400x300', 'png');
  JPEG = await testImage(t.dataDir, '320x320', 'jpg');
  WEBP = await testImage(t.dataDir, '200x100', 'webp', ['-c:v', 'libwebp']);
});
afterAll(() => t.close());

let PNG: Buffer;
let JPEG: Buffer;
let WEBP: Buffer;

const dimensionsOf = (bytes: Buffer, type: 'png' | 'jpeg') => dimensionsIn(t.dataDir, bytes, type);
function multipart(file: Buffer, filename: string, type: string) {
  const boundary = '----wavecast-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (u: TestUser, file: Buffer, filename = 'me.png', type = 'image/png') => {
  const m = multipart(file, filename, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/me/avatar',
    payload: m.payload,
    headers: { ...m.headers, cookie: u.cookie },
  });
};
const get = (u: TestUser, url: string) => t.app.inject({ url, headers: { cookie: u.cookie } });
const put = (u: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, payload, headers: { cookie: u.cookie } });

describe('profile', () => {
  it('saves display name, bio and website and shows them again', async () => {
    const u = await signUp(t);
    const saved = await put(u, '/api/me/profile', {
      displayName: '  Ada Lovelace ',
      bio: 'Counts things.\nAnalytical engines.',
      website: 'https://ada.example',
    });
    expect(saved.statusCode).toBe(200);
    const profile = (await get(u, '/api/me/profile')).json().profile;
    expect(profile).toMatchObject({
      id: u.id,
      email: u.email,
      displayName: 'Ada Lovelace',
      bio: 'Counts things.\nAnalytical engines.',
      website: 'https://ada.example',
      role: 'listener',
      hasPassword: true,
    });
    expect((await get(u, '/api/me')).json().user.displayName).toBe('Ada Lovelace');
    // Blank fields are cleared.
    await put(u, '/api/me/profile', { displayName: '', bio: '  ', website: '' });
    expect((await get(u, '/api/me/profile')).json().profile).toMatchObject({
      displayName: null,
      bio: null,
      website: null,
    });
  });

  it('refuses a bad website and over-long fields, changing nothing', async () => {
    const u = await signUp(t, { name: 'Keep' });
    const bad = await put(u, '/api/me/profile', { displayName: 'New', website: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(USER_MESSAGES.websiteInvalid);
    const long = await put(u, '/api/me/profile', { displayName: 'x'.repeat(51) });
    expect(long.json().error.message).toBe('Display name must be at most 50 characters');
    expect((await get(u, '/api/me/profile')).json().profile.displayName).toBe('Keep');
  });

  it('ignores fields that are not editable (email, role)', async () => {
    const u = await signUp(t);
    await put(u, '/api/me/profile', {
      displayName: 'Sneaky',
      email: 'other@test.local',
      userRole: 'admin',
      role: 'admin',
    });
    const p = (await get(u, '/api/me/profile')).json().profile;
    expect(p).toMatchObject({ displayName: 'Sneaky', email: u.email, role: 'listener' });
  });
});

describe('avatar', () => {
  it('re-encodes PNG, JPEG and WebP (by their bytes) to a 192 px square, serves the current one, and removes the old file', async () => {
    const u = await signUp(t);
    const first = await upload(u, PNG);
    expect(first.statusCode).toBe(200);
    const url1 = first.json().profile.avatarUrl as string;
    expect(url1).toMatch(new RegExp(`^/api/users/${u.id}/avatar\\?v=[0-9a-f-]{36}\\.png$`));
    const served = await t.app.inject({ url: url1 });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toMatch(/immutable/);
    // Never the uploaded bytes: a fresh 192x192 image (the 400x300 upload cropped to a square).
    expect(served.rawPayload.equals(PNG)).toBe(false);
    expect(await dimensionsOf(served.rawPayload, 'png')).toEqual({ width: 192, height: 192 });

    // Named .png but really a JPEG: the bytes decide.
    const second = await upload(u, JPEG, 'lies.png', 'image/png');
    const url2 = second.json().profile.avatarUrl as string;
    expect(url2).toMatch(/\.jpg$/);
    const servedJpeg = await t.app.inject({ url: url2 });
    expect(servedJpeg.headers['content-type']).toBe('image/jpeg');
    expect(servedJpeg.rawPayload.equals(JPEG)).toBe(false);
    expect(await dimensionsOf(servedJpeg.rawPayload, 'jpeg')).toEqual({ width: 192, height: 192 });
    // WebP may hold transparency: it is kept as PNG.
    const third = await upload(u, WEBP, 'x.webp', 'image/webp');
    expect(third.json().profile.avatarUrl).toMatch(/\.png$/);
    expect(await t.ctx.storage.list(`avatars/${u.id}/`)).toHaveLength(1);
    expect((await get(u, '/api/me')).json().user.avatarUrl).toBe(third.json().profile.avatarUrl);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/me/avatar', headers: { cookie: u.cookie } });
    expect(removed.json().profile.avatarUrl).toBeNull();
    expect(await t.ctx.storage.list(`avatars/${u.id}/`)).toHaveLength(0);
    expect((await t.app.inject({ url: `/api/users/${u.id}/avatar` })).statusCode).toBe(404);
  });

  it('refuses other content (415), too large files (413) and a missing file (400), keeping the current avatar', async () => {
    const u = await signUp(t);
    const ok = await upload(u, PNG);
    const current = ok.json().profile.avatarUrl;
    const gif = await upload(u, Buffer.from('GIF89a....'), 'a.gif', 'image/gif');
    expect(gif.statusCode).toBe(415);
    expect(gif.json().error).toEqual({ code: 'UNSUPPORTED_MEDIA', message: 'Please select a valid image file' });
    const svg = await upload(u, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.png', 'image/png');
    expect(svg.statusCode).toBe(415);
    const big = await upload(u, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      payload: {},
      headers: { cookie: u.cookie },
    });
    expect(none.statusCode).toBe(400);
    expect((await get(u, '/api/me')).json().user.avatarUrl).toBe(current);
    expect(await t.ctx.storage.list(`avatars/${u.id}/`)).toHaveLength(1);
  });

  it('refuses a pixel bomb (a PNG declaring 30000x30000) and an image that does not decode, keeping the current avatar and no temp file', async () => {
    const u = await signUp(t);
    const current = (await upload(u, PNG)).json().profile.avatarUrl;
    const bomb = pngBomb(30_000, 30_000);
    expect(bomb.length).toBeLessThan(AVATAR_MAX_BYTES);
    // What it declares, a 2.7 GB bitmap once decoded: ffprobe reads the size (refused for its pixel
    // count); the npm ffmpeg 4.1 already refuses to open it (unreadable). Never decoded either way.
    expect([null, { width: 30_000, height: 30_000 }]).toContainEqual(await dimensionsOf(bomb, 'png'));
    const refused = await upload(u, bomb, 'bomb.png');
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error).toEqual({ code: 'UNSUPPORTED_MEDIA', message: USER_MESSAGES.avatarUnreadable });
    const broken = await upload(u, Buffer.concat([PNG.subarray(0, 8), Buffer.from('not really a png')]), 'b.png');
    expect(broken.statusCode).toBe(415);
    expect(broken.json().error.message).toBe(USER_MESSAGES.avatarUnreadable);
    expect((await get(u, '/api/me')).json().user.avatarUrl).toBe(current);
    expect(await t.ctx.storage.list(`avatars/${u.id}/`)).toHaveLength(1);
    const temps = await fs.readdir(path.join(t.dataDir, 'tmp', 'uploads')).catch(() => []);
    expect(temps).toEqual([]);
  });

  it('needs a session', async () => {
    const m = multipart(PNG, 'a.png', 'image/png');
    const res = await t.app.inject({ method: 'POST', url: '/api/me/avatar', payload: m.payload, headers: m.headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('notification and privacy settings', () => {
  it("start at the spec's defaults and are saved", async () => {
    const u = await signUp(t);
    expect((await get(u, '/api/me/settings/notifications')).json()).toEqual({
      notifications: DEFAULT_NOTIFICATION_PREFS,
    });
    expect((await get(u, '/api/me/settings/privacy')).json()).toEqual({ privacy: DEFAULT_PRIVACY_PREFS });
    expect(DEFAULT_PRIVACY_PREFS).toEqual({
      profileVisibility: 'public',
      showEmail: false,
      showFollowers: true,
      allowMessages: true,
    });

    const notifications = {
      emailNotifications: false,
      pushNotifications: true,
      newFollowers: false,
      newComments: true,
      newLikes: false,
      newReposts: true,
      liveStreamAlerts: false,
      premiereAlerts: false,
      weeklyDigest: false,
    };
    expect((await put(u, '/api/me/settings/notifications', notifications)).json()).toEqual({ notifications });
    const privacy = { profileVisibility: 'followers', showEmail: true, showFollowers: false, allowMessages: false };
    expect((await put(u, '/api/me/settings/privacy', privacy)).json()).toEqual({ privacy });

    expect((await get(u, '/api/me/settings/notifications')).json()).toEqual({ notifications });
    expect((await get(u, '/api/me/settings/privacy')).json()).toEqual({ privacy });
    const [row] = await t.ctx.database.query<{ privacy_prefs: object; notification_prefs: object }>(
      'SELECT privacy_prefs, notification_prefs FROM users WHERE id = $1',
      [u.id],
    );
    expect(row.privacy_prefs).toEqual(privacy);
    expect(row.notification_prefs).toEqual(notifications);
  });

  it('refuses bad values and keeps what was saved', async () => {
    const u = await signUp(t);
    const bad = await put(u, '/api/me/settings/privacy', {
      profileVisibility: 'everyone',
      showEmail: true,
      showFollowers: true,
      allowMessages: true,
    });
    expect(bad.statusCode).toBe(400);
    const partial = await put(u, '/api/me/settings/notifications', { emailNotifications: false });
    expect(partial.statusCode).toBe(400);
    const notBool = await put(u, '/api/me/settings/notifications', {
      ...DEFAULT_NOTIFICATION_PREFS,
      weeklyDigest: 'no',
    });
    expect(notBool.statusCode).toBe(400);
    expect((await get(u, '/api/me/settings/privacy')).json().privacy).toEqual(DEFAULT_PRIVACY_PREFS);
    expect((await get(u, '/api/me/settings/notifications')).json().notifications).toEqual(DEFAULT_NOTIFICATION_PREFS);
  });

  it('are private to their owner', async () => {
    expect((await t.app.inject({ url: '/api/me/settings/privacy' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/me/settings/privacy', payload: DEFAULT_PRIVACY_PREFS }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a cross-site request', async () => {
    const u = await signUp(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/settings/privacy',
      payload: { ...DEFAULT_PRIVACY_PREFS, profileVisibility: 'private' },
      headers: { cookie: u.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await get(u, '/api/me/settings/privacy')).json().privacy.profileVisibility).toBe('public');
  });
});

describe('privacy settings are enforced on profile reads', () => {
  it('private: owner only; followers: followers and owner; showEmail and showFollowers respected', async () => {
    const owner = await signUp(t, { role: 'creator' });
    const fan = await signUp(t);
    const stranger = await signUp(t);
    const profile = (u: TestUser | null) =>
      t.app.inject({ url: `/api/profiles/${owner.id}`, headers: u ? { cookie: u.cookie } : {} });
    const setPrivacy = (privacy: object) => put(owner, '/api/me/settings/privacy', { allowMessages: true, ...privacy });

    // Public by default; no email, follower count shown.
    const open = await profile(null);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ email: null, followerCount: 0 });

    expect(
      (await t.app.inject({ method: 'POST', url: `/api/users/${owner.id}/follow`, headers: { cookie: fan.cookie } }))
        .statusCode,
    ).toBeLessThan(300);

    await setPrivacy({ profileVisibility: 'followers', showEmail: true, showFollowers: false });
    expect((await profile(null)).statusCode).toBe(403);
    expect((await profile(stranger)).statusCode).toBe(403);
    const asFan = await profile(fan);
    expect(asFan.statusCode).toBe(200);
    expect(asFan.json()).toMatchObject({ email: owner.email, followerCount: null });
    expect((await profile(owner)).json()).toMatchObject({ email: owner.email, followerCount: 1 });

    await setPrivacy({ profileVisibility: 'private', showEmail: true, showFollowers: true });
    expect((await profile(fan)).statusCode).toBe(403);
    expect((await profile(owner)).statusCode).toBe(200);
  });
});

describe('become a creator', () => {
  it('turns a listener into a creator, once', async () => {
    const u = await signUp(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/me/become-creator', headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('creator');
    expect((await get(u, '/api/me')).json().user.role).toBe('creator');
    const again = await t.app.inject({ method: 'POST', url: '/api/me/become-creator', headers: { cookie: u.cookie } });
    expect(again.json().user.role).toBe('creator');
  });

  it('is not a way for other roles to change theirs', async () => {
    for (const role of ['affiliate', 'advertiser', 'admin'] as const) {
      const u = await signUp(t, { role });
      const res = await t.app.inject({ method: 'POST', url: '/api/me/become-creator', headers: { cookie: u.cookie } });
      expect(res.statusCode).toBe(403);
      expect((await get(u, '/api/me')).json().user.role).toBe(role);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, type TestApp, testClientIp } from '../../../test/helpers';
import { type LocalOAuthProvider, type ProviderUser, startOAuthProvider } from '../../../test/oauth-provider';

let provider: LocalOAuthProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startOAuthProvider();
  t = await createTestApp({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_PROVIDER_NAME: 'Local ID',
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** The browser's part of the round trip: start at our API, visit the provider, come back. */
async function roundTrip(login: LocalOAuthProvider['nextLogin']) {
  provider.nextLogin = login;
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'oidc', callbackURL: '/', errorCallbackURL: '/login?oauthError=oidc' },
    remoteAddress: testClientIp(),
  });
  expect(start.statusCode).toBe(200);
  const { url, redirect } = start.json();
  expect(redirect).toBe(true);
  expect(url.startsWith(`${provider.issuer}/authorize?`)).toBe(true);

  const atProvider = await fetch(url, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location') as string);
  expect(back.pathname).toBe('/api/auth/callback/oidc');

  const callback = await t.app.inject({
    url: back.pathname + back.search,
    headers: { cookie: cookieHeader(start.headers['set-cookie']) },
  });
  return { callback, cookie: cookieHeader(callback.headers['set-cookie']) };
}

const me = async (cookie: string) => (await t.app.inject({ url: '/api/me', headers: { cookie } })).json().user;

describe('OAuth sign-in through a local provider', () => {
  it('lists the configured providers (Google and GitHub are not configured here)', async () => {
    const res = await t.app.inject({ url: '/api/auth-providers' });
    expect(res.json()).toEqual({ providers: [{ id: 'oidc', name: 'Local ID' }] });
  });

  it('creates a listener profile (full_name, avatar_url) and lands on /', async () => {
    const user: ProviderUser = {
      sub: 'p-1',
      email: 'oauth-one@test.local',
      name: 'short name',
      full_name: 'Grace Hopper',
      avatar_url: 'https://avatars.example/grace.png',
      picture: 'https://pictures.example/grace.jpg',
    };
    const { callback, cookie } = await roundTrip(user);
    expect(callback.statusCode).toBe(302);
    expect(new URL(callback.headers.location as string, 'http://x').pathname).toBe('/');
    expect(await me(cookie)).toMatchObject({
      email: 'oauth-one@test.local',
      role: 'listener',
      displayName: 'Grace Hopper',
      avatarUrl: 'https://avatars.example/grace.png',
    });
    const profile = await t.app.inject({ url: '/api/me/profile', headers: { cookie } });
    expect(profile.json().profile).toMatchObject({ hasPassword: false });
  });

  it('falls back to name and picture, then to no display name', async () => {
    const a = await roundTrip({
      sub: 'p-2',
      email: 'oauth-two@test.local',
      name: 'Alan',
      picture: 'https://p.example/a.jpg',
    });
    expect(await me(a.cookie)).toMatchObject({ displayName: 'Alan', avatarUrl: 'https://p.example/a.jpg' });
    const b = await roundTrip({ sub: 'p-3', email: 'oauth-three@test.local' });
    expect(await me(b.cookie)).toMatchObject({ displayName: null, avatarUrl: null, role: 'listener' });
  });

  it('signs the same provider account in again without a second user', async () => {
    const first = await roundTrip({ sub: 'p-4', email: 'oauth-four@test.local', name: 'Four' });
    const again = await roundTrip({ sub: 'p-4', email: 'oauth-four@test.local', name: 'Four' });
    expect((await me(again.cookie)).id).toBe((await me(first.cookie)).id);
    const rows = await t.ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE email = 'oauth-four@test.local'`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('a suspended account gets no session through its provider either', async () => {
    const first = await roundTrip({ sub: 'p-sus', email: 'oauth-suspended@test.local', name: 'Sus' });
    const id = (await me(first.cookie)).id;
    await t.ctx.database.query('UPDATE users SET suspended_at = now() WHERE id = $1', [id]);
    expect(await me(first.cookie)).toBeNull();
    const again = await roundTrip({ sub: 'p-sus', email: 'oauth-suspended@test.local', name: 'Sus' });
    expect(again.cookie).not.toMatch(/session_token=[^;]/);
    expect(await me(again.cookie)).toBeNull();
  });

  it('a refusal at the provider goes back to the login screen with no session', async () => {
    const { callback, cookie } = await roundTrip({ error: 'access_denied' });
    expect(callback.statusCode).toBe(302);
    const location = new URL(callback.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('oauthError')).toBe('oidc');
    expect(cookie).not.toMatch(/session_token/);
  });

  it('an unconfigured provider (google) is refused with an error, not a redirect', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/' },
      remoteAddress: testClientIp(),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().error.code).toBeDefined();
    expect(provider.rejectedTokenRequests).toBe(0);
  });
});

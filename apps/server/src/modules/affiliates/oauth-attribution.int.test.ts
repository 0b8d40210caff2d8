import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOWED } from '../../../test/followed-link';
import { cookieHeader, createTestApp, signUp, type TestApp, testClientIp } from '../../../test/helpers';
import { type LocalOAuthProvider, type ProviderUser, startOAuthProvider } from '../../../test/oauth-provider';

// An OAuth sign-up is attributed as an e-mail one is: the ref cookie rides along to the callback.

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

async function oauthSignUp(login: ProviderUser, refCookie: string) {
  provider.nextLogin = login;
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'oidc', callbackURL: '/', errorCallbackURL: '/login?oauthError=oidc' },
    headers: { cookie: refCookie },
    remoteAddress: testClientIp(),
  });
  const atProvider = await fetch(start.json().url, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location') as string);
  const callback = await t.app.inject({
    url: back.pathname + back.search,
    headers: { cookie: `${cookieHeader(start.headers['set-cookie'])}; ${refCookie}` },
    remoteAddress: '203.0.113.5',
  });
  expect(callback.statusCode).toBe(302);
}

describe('OAuth attribution', () => {
  it('attributes a provider sign-up inside the window, with its campaign and address', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const click = await t.app.inject({
      url: `/ref/${aff.id}?c=podcast`,
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/131', ...FOLLOWED },
    });
    const set = [click.headers['set-cookie']].flat().find((c) => String(c).startsWith('wc_ref=')) as string;
    await oauthSignUp({ sub: 'ref-1', email: 'oauth-referred@test.local', name: 'Ref One' }, set.split(';')[0]);
    const rows = await t.ctx.database.query<{ affiliate_id: string; campaign: string; email: string }>(
      `SELECT r.affiliate_id, r.campaign, u.email FROM affiliate_referrals r JOIN users u ON u.id = r.referred_user_id`,
    );
    expect(rows).toEqual([{ affiliate_id: aff.id, campaign: 'podcast', email: 'oauth-referred@test.local' }]);
  });
});

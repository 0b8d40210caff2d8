import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

// GET /api/auth-providers tells the sign-in screens which buttons to show: only configured ones
// (the generic OpenID provider is in oauth.int.test.ts).

let bare: TestApp;
let social: TestApp;
beforeAll(async () => {
  bare = await createTestApp();
  social = await createTestApp({
    GOOGLE_CLIENT_ID: 'g-id',
    GOOGLE_CLIENT_SECRET: 'g-secret',
    GITHUB_CLIENT_ID: 'gh-id',
    // No secret: not configured.
  });
});
afterAll(async () => {
  await bare.close();
  await social.close();
});

describe('GET /api/auth-providers', () => {
  it('lists none on a server without providers', async () => {
    const res = await bare.app.inject({ url: '/api/auth-providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: [] });
  });

  it('lists a provider only when both its id and secret are set', async () => {
    const res = await social.app.inject({ url: '/api/auth-providers' });
    expect(res.json()).toEqual({ providers: [{ id: 'google', name: 'Google' }] });
  });
});

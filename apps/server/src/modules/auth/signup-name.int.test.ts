import { USER_MESSAGES } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, type TestApp, testClientIp } from '../../../test/helpers';

// Sign-up asks for a display name (issue 14, DESIGN §10): without one, new accounts showed as
// 'Unknown Creator' / 'Unknown User' everywhere.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUp = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload, remoteAddress: testClientIp() });
const count = async (table: 'auth_users' | 'users') =>
  Number((await t.ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

describe('sign-up display name', () => {
  it.each([
    ['missing', undefined, USER_MESSAGES.displayNameRequired],
    ['blank', '   ', USER_MESSAGES.displayNameRequired],
    ['not text', 42, USER_MESSAGES.displayNameRequired],
    ['too long', 'x'.repeat(51), 'Display name must be at most 50 characters'],
  ])('%s → 400 with the validation message, and no account', async (_case, name, message) => {
    const before = [await count('auth_users'), await count('users')];
    const res = await signUp({ email: `nameless-${Math.random()}@test.local`, password: 'a-good-passphrase', name });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect([await count('auth_users'), await count('users')]).toEqual(before);
  });

  it('stores the trimmed name on the profile at sign-up', async () => {
    const res = await signUp({
      email: 'nova@test.local',
      password: 'a-good-passphrase',
      name: '  Nova Waves  ',
      accountType: 'creator',
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json().user;
    const [row] = await t.ctx.database.query<{ name: string | null }>(
      'SELECT display_name AS name FROM users WHERE id = $1',
      [id],
    );
    expect(row.name).toBe('Nova Waves');

    const me = await t.app.inject({ url: '/api/me', headers: { cookie: cookieHeader(res.headers['set-cookie']) } });
    expect(me.json().user).toMatchObject({ id, displayName: 'Nova Waves' });
    // Others see it on the creator's public profile.
    const profile = await t.app.inject({ url: `/api/profiles/${id}` });
    expect(profile.statusCode).toBe(200);
    expect(JSON.stringify(profile.json())).toContain('"displayName":"Nova Waves"');
  });

  it('takes exactly 50 characters', async () => {
    const res = await signUp({ email: 'long@test.local', password: 'a-good-passphrase', name: 'y'.repeat(50) });
    expect(res.statusCode).toBe(200);
  });
});

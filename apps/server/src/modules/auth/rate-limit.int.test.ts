import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/helpers';

// Limits are on in every environment, per client address and endpoint (see rate-limits.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers });

async function statuses(n: number, send: () => Promise<{ statusCode: number }>) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send()).statusCode);
  return out;
}

describe('auth rate limits', () => {
  it('sign-in: 10 attempts a minute per address, then 429 in our error shape', async () => {
    const u = await signUp(t);
    // A different account each time: the per-account limit (account-throttle) is not what is tested.
    let n = 0;
    const codes = await statuses(10, () =>
      post('/api/auth/sign-in/email', { email: `rl-${++n}@test.local`, password: 'wrong-password' }, '192.0.2.1'),
    );
    expect(codes).toEqual(Array(10).fill(401));
    const blocked = await post('/api/auth/sign-in/email', { email: u.email, password: u.password }, '192.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    expect(blocked.headers['x-retry-after']).toBeDefined();
    // Another address is not affected.
    const other = await post('/api/auth/sign-in/email', { email: u.email, password: u.password }, '192.0.2.2');
    expect(other.statusCode).toBe(200);
  });

  it('sign-up: 10 a minute per address', async () => {
    const codes = await statuses(11, () =>
      post(
        '/api/auth/sign-up/email',
        { email: `rl-${Math.random().toString(36).slice(2)}@test.local`, password: 'a-good-passphrase', name: 'Rl' },
        '192.0.2.10',
      ),
    );
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes[10]).toBe(429);
  });

  it('password reset mails: 3 a minute per address, known or unknown email alike', async () => {
    const u = await signUp(t);
    const emails = [u.email, 'unknown-1@test.local', u.email, 'unknown-2@test.local'];
    const codes: number[] = [];
    for (const email of emails) {
      codes.push((await post('/api/auth/request-password-reset', { email }, '192.0.2.20')).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('client-sent forwarding headers are ignored unless TRUST_PROXY_HEADER names one', async () => {
    let n = 0;
    const spoof = (i: number) =>
      post('/api/auth/sign-in/email', { email: `spoof-${++n}@test.local`, password: 'wrong-password' }, '192.0.2.30', {
        'x-forwarded-for': `203.0.113.${i}`,
      });
    const codes = await statuses(11, () => spoof(Math.floor(Math.random() * 200)));
    expect(codes[10]).toBe(429);
  });

  it('with TRUST_PROXY_HEADER, the address the proxy appended is the client', async () => {
    const proxied = await createTestApp({ TRUST_PROXY_HEADER: 'X-Forwarded-For' });
    try {
      let n = 0;
      const send = (client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: `proxied-${++n}@test.local`, password: 'wrong-password' },
          remoteAddress: '10.0.0.1', // the proxy
          headers: { 'x-forwarded-for': `6.6.6.6, ${client}` },
        });
      const codes = await statuses(11, () => send('198.51.100.7'));
      expect(codes[10]).toBe(429);
      expect((await send('198.51.100.8')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('change password in settings: 10 a minute', async () => {
    const u = await signUp(t);
    const codes = await statuses(11, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: { cookie: u.cookie },
        // Refused before the password check, so the per-account limit does not step in.
        payload: { currentPassword: 'wrong-one', newPassword: 'new-secret-1', confirmPassword: 'new-secret-2' },
        remoteAddress: '192.0.2.40',
      }),
    );
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes[10]).toBe(429);
  });
});

import { ROLES, type Role } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from './helpers';

/**
 * Spec section 6, enforced by the server: every guarded API × every role.
 *
 * Add a row for each guarded API you build. For each row, an anonymous caller must get 401, a
 * signed-in role not in `allowed` 403, and an allowed role neither (nor a 5xx): what it gets
 * beyond that is the feature's own tests' business. Give a payload the route accepts, so
 * validation cannot answer before the guard does (guards in `onRequest`, see lib/guard.ts,
 * run before validation). Rows that change the caller (their role, their account) set `fresh`.
 */
type Allowed = readonly Role[] | 'signed-in';
interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string | ((ctx: { victim: TestUser }) => string);
  allowed: Allowed;
  payload?: object;
  multipart?: Record<string, string>;
  /** A new user per role for this row (the request changes its caller). */
  fresh?: boolean;
}

const ADMIN: Allowed = ['admin'];
const CREATOR: Allowed = ['creator'];
const SIGNED_IN: Allowed = 'signed-in';

const ROWS: Row[] = [
  // accounts: the signed-in user's own profile and settings (modules/me)
  { method: 'GET', url: '/api/me/profile', allowed: SIGNED_IN },
  {
    method: 'PUT',
    url: '/api/me/profile',
    allowed: SIGNED_IN,
    payload: { displayName: 'Matrix', bio: null, website: null },
  },
  { method: 'DELETE', url: '/api/me/avatar', allowed: SIGNED_IN },
  { method: 'GET', url: '/api/me/settings/notifications', allowed: SIGNED_IN },
  {
    method: 'PUT',
    url: '/api/me/settings/notifications',
    allowed: SIGNED_IN,
    payload: {
      emailNotifications: true,
      pushNotifications: true,
      newFollowers: true,
      newComments: true,
      liveStreamAlerts: true,
      weeklyDigest: false,
    },
  },
  { method: 'GET', url: '/api/me/settings/privacy', allowed: SIGNED_IN },
  {
    method: 'PUT',
    url: '/api/me/settings/privacy',
    allowed: SIGNED_IN,
    payload: { profileVisibility: 'public', showEmail: false, showFollowers: true, allowMessages: true },
  },
  {
    method: 'POST',
    url: '/api/me/password',
    allowed: SIGNED_IN,
    payload: { currentPassword: 'not-the-password', newPassword: 'matrix-secret', confirmPassword: 'matrix-secret' },
  },
  // Only a listener becomes a creator (a creator already is one); other roles come from admins.
  { method: 'POST', url: '/api/me/become-creator', allowed: ['listener', 'creator'], fresh: true },
  { method: 'DELETE', url: '/api/me', allowed: SIGNED_IN, fresh: true },
  // Your Library, Liked Songs, Recently Played: every signed-in account has a library (issue 14)
  { method: 'GET', url: '/api/me/library', allowed: SIGNED_IN },
  { method: 'GET', url: '/api/me/likes', allowed: SIGNED_IN },
  { method: 'GET', url: '/api/me/likes/ids', allowed: SIGNED_IN },
  { method: 'GET', url: '/api/me/history', allowed: SIGNED_IN },
  { method: 'GET', url: '/api/me/positions', allowed: SIGNED_IN },
  // admin (modules/admin, modules/support)
  { method: 'GET', url: '/api/admin/users', allowed: ADMIN },
  {
    method: 'PUT',
    url: ({ victim }) => `/api/admin/users/${victim.id}/role`,
    allowed: ADMIN,
    payload: { role: 'listener' },
  },
  { method: 'GET', url: '/api/admin/mail', allowed: ADMIN },
  { method: 'GET', url: '/api/admin/contact-messages', allowed: ADMIN },
  { method: 'GET', url: '/api/admin/overview', allowed: ADMIN },
  { method: 'GET', url: '/api/admin/audit', allowed: ADMIN },
  { method: 'GET', url: '/api/admin/audit.csv', allowed: ADMIN },
  { method: 'GET', url: ({ victim }) => `/api/admin/users/${victim.id}`, allowed: ADMIN },
  { method: 'POST', url: ({ victim }) => `/api/admin/users/${victim.id}/suspend`, allowed: ADMIN },
  { method: 'POST', url: ({ victim }) => `/api/admin/users/${victim.id}/restore`, allowed: ADMIN },
  { method: 'DELETE', url: ({ victim }) => `/api/admin/users/${victim.id}`, allowed: ADMIN },
  // moderation (modules/moderation)
  { method: 'GET', url: '/api/admin/reports', allowed: ADMIN },
  { method: 'POST', url: '/api/admin/reports/00000000-0000-4000-8000-000000000000/dismiss', allowed: ADMIN },
  { method: 'GET', url: '/api/admin/removals/appeals', allowed: ADMIN },
  { method: 'POST', url: '/api/admin/removals/00000000-0000-4000-8000-000000000000/restore', allowed: ADMIN },
  { method: 'GET', url: '/api/admin/copyright', allowed: ADMIN },
  {
    method: 'POST',
    url: '/api/admin/copyright',
    allowed: ADMIN,
    payload: {
      trackId: '00000000-0000-4000-8000-000000000000',
      claimantName: 'Matrix',
      claimantEmail: 'm@x.co',
      work: 'W',
    },
  },
  { method: 'POST', url: '/api/admin/copyright/00000000-0000-4000-8000-000000000000/court-action', allowed: ADMIN },
  {
    method: 'POST',
    url: '/api/reports',
    allowed: SIGNED_IN,
    payload: { targetType: 'track', targetId: '00000000-0000-4000-8000-000000000000', reason: 'spam' },
  },
  { method: 'GET', url: '/api/moderation/removals', allowed: SIGNED_IN },
  { method: 'GET', url: '/api/moderation/copyright', allowed: SIGNED_IN },
  // creator (modules/tracks)
  { method: 'GET', url: '/api/creator/stats', allowed: CREATOR },
  { method: 'GET', url: '/api/creator/activity', allowed: CREATOR },
  // creator analytics (modules/analytics); another creator's track is 403 (analytics.int.test.ts)
  { method: 'GET', url: '/api/analytics?days=7', allowed: CREATOR },
  { method: 'GET', url: '/api/analytics/tracks/00000000-0000-4000-8000-000000000000', allowed: CREATOR },
  { method: 'POST', url: '/api/tracks', allowed: CREATOR, multipart: { title: 'Matrix' } },
  // affiliates (modules/affiliates; /ref/:id is not an API route)
  { method: 'GET', url: '/api/affiliates/me', allowed: ['affiliate'] },
  { method: 'GET', url: '/api/affiliates/me/analytics', allowed: ['affiliate'] },
  { method: 'GET', url: '/api/affiliates/me/report.csv', allowed: ['affiliate'] },
  { method: 'PUT', url: '/api/affiliates/me/settings', allowed: ['affiliate'], payload: { schedule: 'monthly' } },
  { method: 'POST', url: '/api/affiliates/me/payouts', allowed: ['affiliate'] },
  { method: 'GET', url: '/api/admin/affiliate-payouts', allowed: ADMIN },
  // creators' statements (modules/statements): the creator itself and admins read one
  { method: 'GET', url: ({ victim }) => `/api/creators/${victim.id}/earnings`, allowed: ADMIN },
  { method: 'GET', url: ({ victim }) => `/api/creators/${victim.id}/earnings.csv`, allowed: ADMIN },
  { method: 'GET', url: '/api/admin/earnings/distribution', allowed: ADMIN },
  { method: 'GET', url: '/api/admin/affiliate-payout-batches', allowed: ADMIN },
  { method: 'POST', url: '/api/admin/affiliate-payout-batches', allowed: ADMIN },
  { method: 'GET', url: '/api/admin/affiliate-payout-batches/00000000-0000-0000-0000-000000000000', allowed: ADMIN },
  {
    method: 'GET',
    url: '/api/admin/affiliate-payout-batches/00000000-0000-0000-0000-000000000000/paypal.csv',
    allowed: ADMIN,
  },
  {
    method: 'POST',
    url: '/api/admin/affiliate-referrals/00000000-0000-0000-0000-000000000000/void',
    allowed: ADMIN,
  },
  {
    method: 'POST',
    url: '/api/admin/affiliate-payout-batches/00000000-0000-0000-0000-000000000000/transfers',
    allowed: ADMIN,
  },
  { method: 'POST', url: '/api/admin/affiliates/run', allowed: ADMIN },
  { method: 'GET', url: '/api/admin/affiliate-referrals/flagged', allowed: ADMIN },
  {
    method: 'POST',
    url: '/api/admin/affiliate-referrals/00000000-0000-0000-0000-000000000000/unflag',
    allowed: ADMIN,
  },
  {
    method: 'POST',
    url: '/api/admin/affiliate-payouts/00000000-0000-0000-0000-000000000000/paid',
    allowed: ADMIN,
    payload: { reference: 'MATRIX-1' },
  },
  {
    method: 'POST',
    url: '/api/admin/affiliate-payouts/00000000-0000-0000-0000-000000000000/failed',
    allowed: ADMIN,
    payload: {},
  },
];

let t: TestApp;
let users: Record<Role, TestUser>;
let victim: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  users = Object.fromEntries(await Promise.all(ROLES.map(async (r) => [r, await signUp(t, { role: r })]))) as Record<
    Role,
    TestUser
  >;
  victim = await signUp(t);
});
afterAll(() => t.close());

function body(row: Row) {
  if (!row.multipart) return { payload: row.payload, headers: {} };
  const boundary = '----matrix';
  const parts = Object.entries(row.multipart).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function call(row: Row, user: TestUser | null) {
  const { payload, headers } = body(row);
  const url = typeof row.url === 'function' ? row.url({ victim }) : row.url;
  const res = await t.app.inject({
    method: row.method,
    url,
    payload,
    headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) },
  });
  return res.statusCode;
}

const isAllowed = (allowed: Allowed, role: Role) => allowed === 'signed-in' || allowed.includes(role);
const label = (row: Row) =>
  `${row.method} ${typeof row.url === 'string' ? row.url : row.url({ victim: { id: ':id' } as TestUser })}`;

describe.each(ROWS.map((row) => [label(row), row] as const))('%s', (_name, row) => {
  it('anonymous → 401', async () => {
    expect(await call(row, null)).toBe(401);
  });

  it.each(ROLES)('%s', async (role) => {
    const user = row.fresh ? await signUp(t, { role }) : users[role];
    const status = await call(row, user);
    if (isAllowed(row.allowed, role)) {
      expect(status, `${role} should pass the guard`).not.toBe(401);
      expect(status, `${role} should pass the guard`).not.toBe(403);
      expect(status, `${role} should get no server error`).toBeLessThan(500);
    } else {
      expect(status, `${role} should be refused`).toBe(403);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOWED } from '../../../test/followed-link';
import { cookieHeader, createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../../test/helpers';
import { payoutPeriod } from './payouts';
import { affiliatesService } from './service';

let t: TestApp;
const DAY = 86_400_000;
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
});
afterAll(() => t.close());

const svc = () => affiliatesService(t.ctx);
const moveClock = (ms: number) => t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: ms } });
const call = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
const q = <T = Record<string, unknown>>(text: string, params?: unknown[]) => t.ctx.database.query<T>(text, params);

const click = (path: string, headers: Record<string, string> = {}, remoteAddress = '192.0.2.10') =>
  t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': CHROME, ...FOLLOWED, ...headers }, remoteAddress });

/** A sign-up through the real auth API carrying the browser's cookies. */
async function signUpWith(cookie: string | undefined, opts: { email?: string; ip?: string } = {}) {
  const email = opts.email ?? `ref-${randomUUID().slice(0, 8)}@test.local`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password: 'correct-horse-battery', name: email.split('@')[0] },
    headers: cookie ? { cookie } : {},
    remoteAddress: opts.ip ?? testClientIp(),
  });
  expect(res.statusCode).toBe(200);
  return {
    id: res.json().user.id as string,
    email,
    password: 'correct-horse-battery',
    cookie: cookieHeader(res.headers['set-cookie']),
  };
}

const refCookie = (res: { headers: Record<string, unknown> }) => {
  const set = res.headers['set-cookie'];
  const list = Array.isArray(set) ? set : set ? [String(set)] : [];
  return list.find((c) => c.startsWith('wc_ref='));
};

let paySeq = 0;
async function pay(userId: string, cents: number, at: Date, kind: 'paid' | 'refunded' = 'paid') {
  await q(
    `INSERT INTO payments (user_id, kind, purpose, amount_cents, plan_id, external_id, occurred_at)
     VALUES ($1, $2, 'subscription', $3, 'premium', $4, $5)`,
    [userId, kind, cents, `test-${++paySeq}-${randomUUID()}`, at],
  );
}
const now = () => t.ctx.clock.now();
const dashboard = async (who: TestUser) => {
  const res = await call(who, 'GET', '/api/affiliates/me');
  expect(res.statusCode).toBe(200);
  return res.json();
};

async function referredBy(aff: TestUser, campaign?: string) {
  const res = await click(`/ref/${aff.id}${campaign ? `?c=${campaign}` : ''}`);
  const cookie = refCookie(res);
  expect(cookie).toBeDefined();
  return signUpWith(cookie?.split(';')[0]);
}

describe('/ref/:id', () => {
  it('sets a signed first-party cookie, records the click once a day and keeps the campaign tag', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const res = await click(`/ref/${aff.id}?c=spring_24&to=/pricing`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/pricing');
    const cookie = refCookie(res) ?? '';
    expect(cookie).toMatch(/; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie.split(';')[0]).toContain(`${aff.id}.spring_24.`);
    await click(`/ref/${aff.id}?c=spring_24`);
    // Another visitor, and a bot.
    await click(`/ref/${aff.id}`, {}, '192.0.2.99');
    await click(
      `/ref/${aff.id}`,
      { 'user-agent': 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)' },
      '192.0.2.77',
    );
    const clicks = await q<{ campaign: string | null }>(
      'SELECT campaign FROM affiliate_clicks WHERE affiliate_id = $1 ORDER BY campaign',
      [aff.id],
    );
    expect(clicks.map((c) => c.campaign)).toEqual(['spring_24', null]);
    // The next day counts again.
    await moveClock(DAY);
    await click(`/ref/${aff.id}?c=spring_24`);
    expect(await q('SELECT 1 FROM affiliate_clicks WHERE affiliate_id = $1', [aff.id])).toHaveLength(3);
    // Not a SPA page.
    expect(res.headers['content-type'] ?? '').not.toMatch(/html/);
  });

  it('an unknown id, a non-affiliate or a script redirects to / and sets nothing', async () => {
    const listener = await signUp(t);
    for (const path of [
      '/ref/nobody-here',
      `/ref/${listener.id}`,
      '/ref/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      `/ref/${'x'.repeat(300)}`,
      '/ref/a%00b',
      '/ref/%E2%98%83?c=%3Cb%3E&to=//evil.example',
    ]) {
      const res = await click(path);
      // A NUL (400, the global refusal) or an over-long id (414, the router) is refused before any
      // lookup; everything else goes home.
      if (![400, 414].includes(res.statusCode)) {
        expect(res.statusCode, path).toBe(302);
        expect(res.headers.location, path).toBe('/');
      }
      expect(refCookie(res), path).toBeUndefined();
    }
  });

  it('attributes only a link the browser followed itself: not a redirect from another site, a frame or a request without Fetch Metadata', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const clicks = async () =>
      (await q<{ n: number }>('SELECT count(*)::int AS n FROM affiliate_clicks WHERE affiliate_id = $1', [aff.id]))[0]
        .n;
    const refused: [string, Record<string, string>][] = [
      ['a cross-site redirect', { 'sec-fetch-site': 'cross-site' }],
      ['a same-site (other subdomain) page', { 'sec-fetch-site': 'same-site' }],
      ['no user activation', { 'sec-fetch-user': '' }],
      ['an iframe', { 'sec-fetch-dest': 'iframe' }],
      ['an image', { 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }],
    ];
    for (const [what, headers] of refused) {
      const res = await click(`/ref/${aff.id}?c=stuffed&to=/pricing`, headers, '192.0.2.77');
      expect(res.statusCode, what).toBe(200);
      expect(refCookie(res), what).toBeUndefined();
      expect(res.headers['cache-control'], what).toBe('no-store');
      // The continue page: the same link, followed on this site by the visitor's own click.
      expect(res.body, what).toContain(`<a href="/ref/${aff.id}?c=stuffed&amp;to=/pricing">Continue to Wavecast</a>`);
    }
    const bare = await t.app.inject({ url: `/ref/${aff.id}`, headers: { 'user-agent': CHROME } });
    expect(refCookie(bare)).toBeUndefined();
    expect(await clicks()).toBe(0);
    // Markup in the query stays text on the continue page.
    const odd = await click(`/ref/${aff.id}?c=%22%3E%3Cscript%3E`, { 'sec-fetch-site': 'cross-site' });
    expect(odd.body).not.toContain('<script>');

    // Continue: the same link from this site, clicked: attributed.
    const same = await click(`/ref/${aff.id}?c=stuffed&to=/pricing`, { 'sec-fetch-site': 'same-origin' }, '192.0.2.77');
    expect(same.statusCode).toBe(302);
    expect(same.headers.location).toBe('/pricing');
    expect(refCookie(same)).toBeDefined();
    expect(await clicks()).toBe(1);
  });

  it('never redirects off the site', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const cases: [string, string][] = [
      ['//evil.example', '/'],
      ['/\\evil.example', '/'],
      ['https://evil.example/', '/'],
      ['/\t/evil.example', '/'],
      ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
      ['javascript:alert(1)', '/'],
      ['/\\/evil.example', '/'],
      ['/pricing?plan=premium', '/pricing?plan=premium'],
      ['/how-it-works/affiliates', '/how-it-works/affiliates'],
    ];
    for (const [to, where] of cases) {
      const res = await click(`/ref/${aff.id}?to=${encodeURIComponent(to)}`);
      expect(res.headers.location, to).toBe(where);
    }
  });
});

describe('attribution at sign-up', () => {
  it('attributes a sign-up inside the window with its campaign, not one 31 days later', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const u = await referredBy(aff, 'newsletter');
    const d = await dashboard(aff);
    expect(d.stats.totalReferrals).toBe(1);
    expect(d.referrals[0]).toMatchObject({ campaign: 'newsletter', deleted: false, active: false });

    const late = refCookie(await click(`/ref/${aff.id}`))?.split(';')[0];
    await moveClock(31 * DAY);
    await signUpWith(late);
    expect((await dashboard(aff)).stats.totalReferrals).toBe(1);
    expect(u.id).toBeTruthy();
  });

  it('the last click wins', async () => {
    const a = await signUp(t, { role: 'affiliate' });
    const b = await signUp(t, { role: 'affiliate' });
    const first = refCookie(await click(`/ref/${a.id}`));
    const last = refCookie(await click(`/ref/${b.id}`));
    expect(first).toBeDefined();
    // The browser keeps one wc_ref cookie: the last one set.
    await signUpWith(last?.split(';')[0]);
    expect((await dashboard(a)).stats.totalReferrals).toBe(0);
    expect((await dashboard(b)).stats.totalReferrals).toBe(1);
  });

  it('refuses a tampered cookie and self-referral', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const other = await signUp(t, { role: 'affiliate' });
    const value = (refCookie(await click(`/ref/${other.id}`)) ?? '').split(';')[0].slice('wc_ref='.length);
    const [, campaign, at, mac] = value.split('.');
    const tampered = [
      `wc_ref=${aff.id}.${campaign}.${at}.${mac}`,
      `wc_ref=${other.id}.${campaign}.${Number(at) + 1}.${mac}`,
      `wc_ref=${other.id}.${campaign}.${at}.${mac.slice(0, -2)}AA`,
      `wc_ref=${other.id}.${campaign}.${at}`,
      'wc_ref=garbage',
    ];
    for (const c of tampered) await signUpWith(c);
    expect((await dashboard(aff)).stats.totalReferrals).toBe(0);
    expect((await dashboard(other)).stats.totalReferrals).toBe(0);

    // The affiliate's own mailbox (with a +tag) is not a referral.
    const own = refCookie(await click(`/ref/${aff.id}`))?.split(';')[0];
    const [local, domain] = aff.email.split('@');
    await signUpWith(own, { email: `${local}+again@${domain}` });
    expect((await dashboard(aff)).stats.totalReferrals).toBe(0);
    const ownValue = own?.slice('wc_ref='.length);
    expect(
      await svc().attributeSignUp({ userId: aff.id, email: aff.email, cookieHeader: `wc_ref=${ownValue}`, ip: null }),
    ).toBe('self');
  });

  it('flags many sign-ups from one address', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const cookie = refCookie(await click(`/ref/${aff.id}`))?.split(';')[0];
    for (let i = 0; i < 3; i++) await signUpWith(cookie, { ip: '198.51.100.7' });
    const d = await dashboard(aff);
    expect(d.referrals.map((r: { flagged: boolean }) => r.flagged).sort()).toEqual([false, false, true]);

    // Admins see it, and keep it (the flag goes; one audit entry).
    const root = await signUp(t, { role: 'admin' });
    const flagged = (await call(root, 'GET', '/api/admin/affiliate-referrals/flagged')).json().items;
    const mine = flagged.filter((f: { affiliate: { id: string } }) => f.affiliate.id === aff.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ signupIp: '198.51.100.7' });
    expect((await call(aff, 'GET', '/api/admin/affiliate-referrals/flagged')).statusCode).toBe(403);
    expect((await call(root, 'POST', `/api/admin/affiliate-referrals/${mine[0].id}/unflag`)).statusCode).toBe(200);
    expect((await call(root, 'POST', `/api/admin/affiliate-referrals/${mine[0].id}/unflag`)).statusCode).toBe(404);
    expect((await call(root, 'POST', '/api/admin/affiliate-referrals/not-a-uuid/unflag')).statusCode).toBe(400);
    expect(
      await q('SELECT action FROM audit_log WHERE target_type = $1 AND target_id = $2', ['referral', mine[0].id]),
    ).toEqual([{ action: 'referral.unflag' }]);
    expect((await dashboard(aff)).referrals.every((r: { flagged: boolean }) => !r.flagged)).toBe(true);
  });
});

describe('flagged referrals', () => {
  it('hold their commissions until an admin clears them; voided ones never pay', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    await call(aff, 'PUT', '/api/affiliates/me/settings', {
      schedule: 'monthly',
      method: { kind: 'paypal', email: 'held@example.org' },
    });
    const cookie = refCookie(await click(`/ref/${aff.id}`))?.split(';')[0];
    const users = [];
    for (let i = 0; i < 4; i++) users.push(await signUpWith(cookie, { ip: '198.51.100.8' }));
    for (const u of users) await pay(u.id, 20000, now()); // 3000 each
    await moveClock(31 * DAY);
    let d = await dashboard(aff);
    const flaggedIds = d.referrals.filter((r: { flagged: boolean }) => r.flagged).map((r: { id: string }) => r.id);
    expect(flaggedIds).toHaveLength(2); // the 3rd and 4th sign-up from one address
    const statusOf = (dash: typeof d, id: string) =>
      dash.entries.filter((e: { referralId: string }) => e.referralId === id).map((e: { status: string }) => e.status);
    expect(statusOf(d, flaggedIds[0])).toEqual(['held']);
    expect(d.stats).toMatchObject({ payableCents: 6000, totalEarningsCents: 12000 });

    const root = await signUp(t, { role: 'admin' });
    const [voidId, keepId] = flaggedIds;
    expect((await call(aff, 'POST', `/api/admin/affiliate-referrals/${voidId}/void`)).statusCode).toBe(403);
    expect((await call(root, 'POST', `/api/admin/affiliate-referrals/${voidId}/void`)).statusCode).toBe(200);
    expect((await call(root, 'POST', `/api/admin/affiliate-referrals/${voidId}/void`)).statusCode).toBe(404);
    expect((await call(root, 'POST', `/api/admin/affiliate-referrals/${keepId}/unflag`)).statusCode).toBe(200);
    expect(
      await q('SELECT action, after FROM audit_log WHERE target_type = $1 AND target_id = $2', ['referral', voidId]),
    ).toEqual([{ action: 'referral.void', after: expect.objectContaining({ voided: true, voidedCents: 3000 }) }]);

    // A later payment of the voided account earns nothing.
    await pay(users[3].id, 20000, now());
    await pay(users[2].id, 20000, now());
    d = await dashboard(aff);
    const voided = d.referrals.find((r: { id: string }) => r.id === voidId);
    expect(voided).toMatchObject({ voided: true, flagged: false, earnedCents: 0 });
    const kept = d.referrals.find((r: { id: string }) => r.id === keepId);
    expect(kept.flagged).toBe(false);
    expect(d.stats.totalEarningsCents).toBe(12000); // 4 × 3000 − 3000 voided + 3000 more from a kept account
    const voidEntries = d.entries.filter((e: { referralId: string }) => e.referralId === voidId);
    expect(
      voidEntries
        .map((e: { kind: string; amountCents: number; status: string }) => [e.kind, e.amountCents, e.status])
        .sort(),
    ).toEqual([
      ['commission', 3000, 'voided'],
      ['void', -3000, 'voided'],
    ]);
    // Cleared: its commission pays; the voided one never.
    const payout = await call(aff, 'POST', '/api/affiliates/me/payouts');
    expect(payout.json().payout.amountCents).toBe(9000);
  });
});

describe('commissions from the payments ledger', () => {
  it('books 15% of a paid invoice (rounded half up), pending for 30 days, reverses a refund, nothing deleted', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const u = await referredBy(aff);
    await pay(u.id, 999, now());
    let d = await dashboard(aff);
    expect(d.stats).toMatchObject({
      totalReferrals: 1,
      activeReferrals: 1,
      totalEarningsCents: 150,
      thisMonthCents: 150,
      pendingCents: 150,
    });
    expect(d.entries[0]).toMatchObject({
      kind: 'commission',
      amountCents: 150,
      rateBps: 1500,
      status: 'pending',
      paymentCents: 999,
    });
    // Booked once, however often it is read or swept.
    await svc().bookCommissions();
    expect((await dashboard(aff)).entries).toHaveLength(1);
    await moveClock(30 * DAY + 1000);
    expect((await dashboard(aff)).entries[0].status).toBe('payable');

    await pay(u.id, -999, now(), 'refunded');
    d = await dashboard(aff);
    expect(d.entries.map((e: { kind: string; amountCents: number }) => [e.kind, e.amountCents])).toEqual([
      ['reversal', -150],
      ['commission', 150],
    ]);
    expect(d.stats.totalEarningsCents).toBe(0);
    expect(d.stats.activeReferrals).toBe(0);
    await expect(q('DELETE FROM affiliate_ledger WHERE affiliate_id = $1', [aff.id])).rejects.toThrow(/append-only/);
    await expect(q('UPDATE affiliate_ledger SET amount_cents = 0 WHERE affiliate_id = $1', [aff.id])).rejects.toThrow(
      /append-only/,
    );
  });

  it('earns only during the first 12 months of paid subscription; ignores top-ups', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const u = await referredBy(aff);
    const start = now();
    await pay(u.id, 999, start);
    await pay(u.id, 999, new Date(start.getTime() + 200 * DAY));
    await pay(u.id, 999, new Date(start.getTime() + 370 * DAY));
    await q(
      `INSERT INTO payments (user_id, kind, purpose, amount_cents, external_id, occurred_at) VALUES ($1, 'paid', 'ad_topup', 5000, $2, $3)`,
      [u.id, `topup-${randomUUID()}`, start],
    );
    const d = await dashboard(aff);
    expect(d.entries).toHaveLength(2);
    expect(d.stats.totalEarningsCents).toBe(300);
  });

  it('a deleted referred account shows as deleted and its commissions stay', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const u = await referredBy(aff);
    await pay(u.id, 999, now());
    expect((await dashboard(aff)).stats.totalEarningsCents).toBe(150);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie: u.cookie },
      payload: { password: u.password },
    });
    expect(del.statusCode).toBe(200);
    const d = await dashboard(aff);
    expect(d.referrals[0]).toMatchObject({ deleted: true, displayName: null, earnedCents: 150, active: false });
    expect(d.stats).toMatchObject({ totalReferrals: 1, totalEarningsCents: 150 });
    const csv = await call(aff, 'GET', '/api/affiliates/me/report.csv');
    expect(csv.body).toContain('"Deleted account"');
  });
});

describe('the jobs', () => {
  it('the sweep books commissions and the daily run recomputes tiers; each queues its next run', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const u = await referredBy(aff);
    await pay(u.id, 1499, now());
    await t.ctx.jobs.enqueue('affiliates.sweep', { at: now().toISOString() });
    await t.ctx.jobs.enqueue('affiliates.daily', { at: now().toISOString() });
    await t.ctx.jobs.drain();
    const booked = await q<{ amount_cents: number }>(
      'SELECT amount_cents FROM affiliate_ledger WHERE affiliate_id = $1',
      [aff.id],
    );
    expect(booked).toEqual([{ amount_cents: 225 }]); // 15% of $14.99 = 224.85
    const [row] = await q<{ active_referrals: number; tier_at: Date | null }>(
      'SELECT active_referrals, tier_at FROM affiliates WHERE user_id = $1',
      [aff.id],
    );
    expect(row.active_referrals).toBe(1);
    expect(row.tier_at).not.toBeNull();
    const queued = await q<{ type: string }>(
      `SELECT DISTINCT type FROM jobs WHERE type LIKE 'affiliates.%' AND status = 'queued' ORDER BY type`,
    );
    expect(queued.map((j) => j.type)).toEqual(['affiliates.daily', 'affiliates.sweep']);
  });

  it('a HEAD on a ref link records and sets nothing', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const res = await t.app.inject({ method: 'HEAD', url: `/ref/${aff.id}`, headers: { 'user-agent': CHROME } });
    expect(res.statusCode).toBe(302);
    expect(refCookie(res)).toBeUndefined();
    expect(await q('SELECT 1 FROM affiliate_clicks WHERE affiliate_id = $1', [aff.id])).toEqual([]);
  });
});

describe('tiers', () => {
  async function addActive(affId: string, n: number) {
    for (let i = 0; i < n; i++) {
      const uid = `tier-${randomUUID()}`;
      await q(`INSERT INTO users (id, email) VALUES ($1, $2)`, [uid, `${uid}@test.local`]);
      await q(
        `INSERT INTO affiliate_referrals (affiliate_id, referred_user_id, clicked_at, created_at) VALUES ($1, $2, $3, $3)`,
        [affId, uid, now()],
      );
      await pay(uid, 999, now());
    }
  }
  const tierOf = async (id: string) =>
    (
      await q<{ tier: string; active_referrals: number }>(
        'SELECT tier, active_referrals FROM affiliates WHERE user_id = $1',
        [id],
      )
    )[0];

  it('moves to Silver at 25 and Gold at 100 active referrals; the rate applies to later invoices', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    await addActive(aff.id, 24);
    await svc().bookCommissions();
    await svc().recomputeTiers();
    expect(await tierOf(aff.id)).toEqual({ tier: 'bronze', active_referrals: 24 });
    await addActive(aff.id, 1);
    await svc().recomputeTiers();
    expect(await tierOf(aff.id)).toEqual({ tier: 'silver', active_referrals: 25 });
    // Booked at Bronze before the change; the 25th (booked after) at Silver.
    await svc().bookCommissions();
    const rates = await q<{ rate_bps: number; n: number }>(
      `SELECT rate_bps, count(*)::int AS n FROM affiliate_ledger WHERE affiliate_id = $1 GROUP BY rate_bps ORDER BY rate_bps`,
      [aff.id],
    );
    expect(rates).toEqual([
      { rate_bps: 1500, n: 24 },
      { rate_bps: 2000, n: 1 },
    ]);
    await addActive(aff.id, 75);
    await svc().bookCommissions();
    await svc().recomputeTiers();
    expect(await tierOf(aff.id)).toEqual({ tier: 'gold', active_referrals: 100 });
    const d = await dashboard(aff);
    expect(d.tier).toEqual({ id: 'gold', name: 'Gold', rateBps: 2500 });
    // Lapsed payers are no longer active: back to Bronze at the next daily run.
    await moveClock(40 * DAY);
    await svc().recomputeTiers();
    expect(await tierOf(aff.id)).toEqual({ tier: 'bronze', active_referrals: 0 });
  });
});

describe('payouts', () => {
  const PAYPAL = { kind: 'paypal', email: 'payee.person@example.org' } as const;
  async function affiliateWithPayable(cents: number, method: object = PAYPAL) {
    const aff = await signUp(t, { role: 'affiliate' });
    const res = await call(aff, 'PUT', '/api/affiliates/me/settings', { schedule: 'monthly', method });
    expect(res.statusCode).toBe(200);
    const u = await referredBy(aff);
    // cents of commission at 15%: pay the invoice that yields exactly that.
    await pay(u.id, Math.round(cents / 0.15), now());
    await svc().bookCommissions();
    return { aff, u };
  }
  const payoutsOf = (id: string) =>
    q<{ id: string; amount_cents: number; status: string; period: string }>(
      'SELECT id, amount_cents, status, period FROM affiliate_payouts WHERE affiliate_id = $1 ORDER BY created_at',
      [id],
    );
  const request = (who: TestUser) => call(who, 'POST', '/api/affiliates/me/payouts');
  const setTier = (id: string, tier: string) => q('UPDATE affiliates SET tier = $2 WHERE user_id = $1', [id, tier]);

  it('stores the method encrypted and sends back only a masked form; the schedule is as fast as the tier allows', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const bank = {
      kind: 'bank',
      accountName: 'Ada Lovelace',
      accountNumber: 'GB29 NWBK 6016 1331 9268 19',
      routing: 'NWBKGB2L',
    };
    const res = await call(aff, 'PUT', '/api/affiliates/me/settings', { schedule: 'monthly', method: bank });
    expect(res.json().settings).toEqual({
      schedule: 'monthly',
      method: { kind: 'bank', masked: 'Bank account ••••6819' },
    });
    expect(res.body).not.toContain('Lovelace');
    const [row] = await q<{ payout_method_secret: string }>(
      'SELECT payout_method_secret FROM affiliates WHERE user_id = $1',
      [aff.id],
    );
    expect(row.payout_method_secret).not.toContain('Lovelace');
    expect((await svc().methodDetails(aff.id))?.kind).toBe('bank');
    for (const bad of [
      { schedule: 'daily' },
      { schedule: 'monthly', method: { kind: 'paypal', email: 'not-an-email' } },
      { schedule: 'monthly', method: { kind: 'bank', accountName: 'A\0B', accountNumber: '12345678' } },
      { schedule: 'monthly', method: { kind: 'bank', accountName: 'A', accountNumber: '<script>' } },
    ]) {
      expect((await call(aff, 'PUT', '/api/affiliates/me/settings', bad)).statusCode).toBe(400);
    }
    // Bronze: monthly only; Silver: bi-weekly too; Gold: weekly too.
    const weekly = await call(aff, 'PUT', '/api/affiliates/me/settings', { schedule: 'weekly' });
    expect(weekly.statusCode).toBe(400);
    expect(weekly.json().error.message).toBe('Weekly payouts are not available at the Bronze tier');
    await setTier(aff.id, 'silver');
    expect((await call(aff, 'PUT', '/api/affiliates/me/settings', { schedule: 'biweekly' })).statusCode).toBe(200);
    expect((await call(aff, 'PUT', '/api/affiliates/me/settings', { schedule: 'weekly' })).json().error.message).toBe(
      'Weekly payouts are not available at the Silver tier',
    );
    await setTier(aff.id, 'gold');
    const gold = await call(aff, 'PUT', '/api/affiliates/me/settings', { schedule: 'weekly' });
    expect(gold.json().settings).toEqual({
      schedule: 'weekly',
      method: { kind: 'bank', masked: 'Bank account ••••6819' },
    });
    const listener = await signUp(t);
    expect((await call(listener, 'GET', '/api/affiliates/me')).statusCode).toBe(403);
    expect((await request(listener)).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/affiliates/me')).statusCode).toBe(401);
  });

  it('the affiliate requests its payable balance from $50, once per period of its schedule', async () => {
    const none = await signUp(t, { role: 'affiliate' });
    const noMethod = await request(none);
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().error.message).toBe('Add a payout method before requesting a payout');

    const below = await affiliateWithPayable(4995); // 33300 × 15% = 4995
    const a = await affiliateWithPayable(5250);
    // Pending for 30 days: nothing payable before.
    const early = await request(a.aff);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe('The minimum payout is $50.00; your payable balance is $0.00');
    await moveClock(31 * DAY);
    expect((await request(below.aff)).json().error.message).toBe(
      'The minimum payout is $50.00; your payable balance is $49.95',
    );
    // Three requests at once: one payout.
    const three = await Promise.all([request(a.aff), request(a.aff), request(a.aff)]);
    expect(three.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const made = three.find((r) => r.statusCode === 200)?.json().payout;
    expect(made).toMatchObject({ amountCents: 5250, status: 'requested' });
    expect(made.period).toMatch(/^monthly:\d{4}-\d{2}$/);
    expect(await payoutsOf(below.aff.id)).toEqual([]);
    const d = await dashboard(a.aff);
    expect(d.entries[0].status).toBe('processing');
    expect(d.payouts).toHaveLength(1);

    // More payable in the same month: one payout a month at Bronze.
    await q(
      `INSERT INTO affiliate_ledger (affiliate_id, kind, amount_cents, referral_id, occurred_at, payable_at, created_at)
       SELECT affiliate_id, 'commission', 6000, id, $2, $2, $2 FROM affiliate_referrals WHERE affiliate_id = $1`,
      [a.aff.id, now()],
    );
    const again = await request(a.aff);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      "You can request one payout every month; this period's payout was already requested",
    );
    // Gold pays weekly: a new week, a new payout.
    await setTier(a.aff.id, 'gold');
    expect((await call(a.aff, 'PUT', '/api/affiliates/me/settings', { schedule: 'weekly' })).statusCode).toBe(200);
    const weekly = await request(a.aff);
    expect(weekly.statusCode).toBe(200);
    expect(weekly.json().payout).toMatchObject({ amountCents: 6000 });
    expect(weekly.json().payout.period).toMatch(/^weekly:/);
    // Back to Bronze (fewer active referrals): the weekly choice no longer applies, monthly does.
    await setTier(a.aff.id, 'bronze');
    await moveClock(7 * DAY);
    await q(
      `INSERT INTO affiliate_ledger (affiliate_id, kind, amount_cents, referral_id, occurred_at, payable_at, created_at)
       SELECT affiliate_id, 'commission', 7000, id, $2, $2, $2 FROM affiliate_referrals WHERE affiliate_id = $1`,
      [a.aff.id, now()],
    );
    const dropped = await request(a.aff);
    if (payoutPeriod('monthly', now()) === made.period) {
      expect(dropped.statusCode).toBe(409);
      expect(dropped.json().error.message).toMatch(/one payout every month/);
    } else {
      expect(dropped.json().payout.period).toBe(payoutPeriod('monthly', now()));
    }
    // Each payable entry is in one payout.
    const dup = await q(
      `SELECT entry_id FROM affiliate_payout_items i JOIN affiliate_payouts o ON o.id = i.payout_id
       WHERE o.affiliate_id = $1 GROUP BY entry_id HAVING count(*) > 1`,
      [a.aff.id],
    );
    expect(dup).toEqual([]);
  });

  it('admins batch requested payouts, read their full details and CSVs after step-up (audited), and mark them paid or failed', async () => {
    const a = await affiliateWithPayable(6000);
    const b = await affiliateWithPayable(7500, {
      kind: 'bank',
      accountName: '=HYPERLINK("http://x")',
      accountNumber: '12345678',
      routing: '021000021',
    });
    await moveClock(31 * DAY);
    const pa = (await request(a.aff)).json().payout;
    const pb = (await request(b.aff)).json().payout;
    const root = await signUp(t, { role: 'admin' });
    const listed = (await call(root, 'GET', '/api/admin/affiliate-payouts')).json().items;
    expect(listed.find((p: { id: string }) => p.id === pa.id)).toMatchObject({
      amountCents: 6000,
      status: 'requested',
      batchId: null,
      method: { kind: 'paypal', masked: 'PayPal p***@example.org' },
    });
    // Paid only once batched.
    expect(
      (await call(root, 'POST', `/api/admin/affiliate-payouts/${pa.id}/paid`, { reference: 'X' })).statusCode,
    ).toBe(409);
    expect((await call(a.aff, 'POST', '/api/admin/affiliate-payout-batches')).statusCode).toBe(403);
    await moveClock(16 * 60_000);
    expect((await call(root, 'POST', '/api/admin/affiliate-payout-batches')).json().error.code).toBe(
      'STEP_UP_REQUIRED',
    );
    expect((await call(root, 'POST', '/api/admin/step-up', { password: root.password })).statusCode).toBe(200);
    const made = await call(root, 'POST', '/api/admin/affiliate-payout-batches');
    expect(made.statusCode).toBe(200);
    const batch = made.json().batch;
    expect(batch.payoutCount).toBeGreaterThanOrEqual(2);
    expect((await call(root, 'POST', '/api/admin/affiliate-payout-batches')).json().error.message).toBe(
      'No requested payouts to batch',
    );
    expect((await call(root, 'GET', '/api/admin/affiliate-payout-batches')).json().items[0]).toMatchObject({
      id: batch.id,
      payoutCount: batch.payoutCount,
      totalCents: batch.totalCents,
    });

    // Without Stripe configured there is no Connect transfer to make.
    expect(
      (await call(root, 'POST', `/api/admin/affiliate-payout-batches/${batch.id}/transfers`)).json().error.message,
    ).toBe('Stripe Connect transfers are not configured');
    const detail = await call(root, 'GET', `/api/admin/affiliate-payout-batches/${batch.id}`);
    expect(detail.statusCode).toBe(200);
    const byId = new Map(detail.json().batch.payouts.map((p: { id: string }) => [p.id, p]));
    expect(byId.get(pa.id)).toMatchObject({
      amountCents: 6000,
      status: 'batched',
      affiliate: { id: a.aff.id, email: a.aff.email },
      details: { kind: 'paypal', email: 'payee.person@example.org' },
    });
    expect(byId.get(pb.id)).toMatchObject({
      details: { kind: 'bank', accountName: '=HYPERLINK("http://x")', accountNumber: '12345678', routing: '021000021' },
    });
    expect((await call(a.aff, 'GET', `/api/admin/affiliate-payout-batches/${batch.id}`)).statusCode).toBe(403);

    const paypal = await call(root, 'GET', `/api/admin/affiliate-payout-batches/${batch.id}/paypal.csv`);
    expect(paypal.headers['content-type']).toMatch(/^text\/csv/);
    const pl = paypal.body.split('\r\n');
    expect(pl[0]).toBe('Email/Phone,Amount,Currency code,Reference ID,Note to recipient,Recipient wallet');
    expect(pl).toContain(`payee.person@example.org,60.00,USD,${pa.id},Wavecast affiliate payout,PayPal`);
    expect(paypal.body).not.toContain(pb.id);
    const bank = (await call(root, 'GET', `/api/admin/affiliate-payout-batches/${batch.id}/bank.csv`)).body.split(
      '\r\n',
    );
    expect(bank[0]).toBe('Payout ID,Account holder,Account number,Routing,Amount,Currency,Reference');
    // A formula in a text cell is defused (csvCell).
    expect(bank).toContain(
      `${pb.id},"'=HYPERLINK(""http://x"")",12345678,021000021,75.00,USD,Wavecast payout ${pb.period}`,
    );
    await moveClock(16 * 60_000);
    expect(
      (await call(root, 'GET', `/api/admin/affiliate-payout-batches/${batch.id}/bank.csv`)).json().error.code,
    ).toBe('STEP_UP_REQUIRED');
    expect((await call(root, 'POST', '/api/admin/step-up', { password: root.password })).statusCode).toBe(200);

    expect((await call(root, 'POST', `/api/admin/affiliate-payouts/${pa.id}/paid`, { reference: '' })).statusCode).toBe(
      400,
    );
    const paid = await call(root, 'POST', `/api/admin/affiliate-payouts/${pa.id}/paid`, { reference: 'PP-123' });
    expect(paid.json().payout).toMatchObject({ status: 'paid', reference: 'PP-123' });
    expect((await call(root, 'POST', `/api/admin/affiliate-payouts/${pa.id}/failed`, {})).statusCode).toBe(409);
    const failed = await call(root, 'POST', `/api/admin/affiliate-payouts/${pb.id}/failed`, { note: 'Account closed' });
    expect(failed.json().payout.status).toBe('failed');
    expect(
      (
        await call(root, 'POST', '/api/admin/affiliate-payouts/00000000-0000-0000-0000-000000000000/paid', {
          reference: 'x',
        })
      ).statusCode,
    ).toBe(404);

    const audit = await q<{ action: string }>(
      `SELECT action FROM audit_log WHERE target_id = ANY($1) ORDER BY action`,
      [[pa.id, pb.id, batch.id]],
    );
    expect(audit.map((r) => r.action)).toEqual([
      'payout.failed',
      'payout.paid',
      'payout_batch.bank_csv',
      'payout_batch.create',
      'payout_batch.paypal_csv',
      'payout_batch.view',
    ]);

    const da = await dashboard(a.aff);
    expect(da.payouts[0]).toMatchObject({ status: 'paid', reference: 'PP-123', amountCents: 6000 });
    expect(da.entries[0].status).toBe('paid');
    expect(da.stats).toMatchObject({ paidCents: 6000, payableCents: 0, totalEarningsCents: 6000 });
    // A failed payout's entries are payable again, and may be requested again in the same period.
    const db = await dashboard(b.aff);
    expect(db.entries[0].status).toBe('payable');
    const retry = await request(b.aff);
    expect(retry.json().payout).toMatchObject({ amountCents: 7500, status: 'requested' });
  });
});

describe('the affiliate profile and report', () => {
  it('is only for its owner; an unknown id is not found', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const other = await signUp(t, { role: 'affiliate' });
    const listener = await signUp(t);
    expect((await call(aff, 'GET', `/api/affiliates/${aff.id}/profile`)).json().profile).toMatchObject({
      id: aff.id,
      tier: { name: 'Bronze' },
    });
    expect((await call(other, 'GET', `/api/affiliates/${aff.id}/profile`)).statusCode).toBe(403);
    const missing = await call(aff, 'GET', '/api/affiliates/no-such-id/profile');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Affiliate not found');
    expect((await call(listener, 'GET', `/api/affiliates/${listener.id}/profile`)).statusCode).toBe(404);
    expect((await call(aff, 'GET', '/api/affiliates/%3Cscript%3E/profile')).statusCode).toBe(404);
  });

  it('streams a CSV of referrals and commission entries', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const u = await referredBy(aff, 'yt');
    await pay(u.id, 999, now());
    const res = await call(aff, 'GET', '/api/affiliates/me/report.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="wavecast-affiliate-/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('"record","id","date","referral","campaign","status","amount_usd","payment_usd","rate_pct"');
    expect(lines.find((l) => l.startsWith('"referral"'))).toMatch(/"yt","active","1\.50",,$/);
    expect(lines.find((l) => l.startsWith('"commission"'))).toMatch(/"pending","1\.50","9\.99","15\.00"$/);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { monthBounds, monthOf } from '../earnings/month';
import { earningsService } from '../earnings/service';

// Statements and creator payouts through the HTTP API on a real database: payments in the
// payments ledger, plays through /api/plays, the month closed by the earnings module itself; then
// the creator's statement, its CSV, who may read it, and a creator payout on the shared rail.

const DAY = 86_400_000;
const HOUR = 3_600_000;
let t: TestApp;
let x: TestUser;
let y: TestUser;
let admin: TestUser;
let trackX: string;
let trackY: string;
let month: string;

const now = () => t.ctx.clock.now();
const call = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: who ? { cookie: who.cookie, origin: t.ctx.config.PUBLIC_URL } : { origin: t.ctx.config.PUBLIC_URL },
  });
const q = <T = Record<string, unknown>>(text: string, params?: unknown[]) => t.ctx.database.query<T>(text, params);

async function pay(userId: string, cents: number) {
  const invoice = `in_${randomUUID().slice(0, 8)}`;
  await q(
    `INSERT INTO payments (user_id, kind, purpose, amount_cents, plan_id, external_id, invoice_id, occurred_at)
     VALUES ($1, 'paid', 'subscription', $2, 'premium', $3, $3, $4)`,
    [userId, cents, invoice, now()],
  );
}

async function listen(u: TestUser, trackId: string, seconds: number) {
  const res = await call(u, 'POST', '/api/plays', {
    trackId,
    secondsListened: seconds,
    listen: { sessionId: randomUUID(), buckets: Array.from({ length: seconds / 5 }, (_, i) => i), source: 'home' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().counted).toBe(true);
}

const statement = async (who: TestUser, creator: TestUser, query = '') => {
  const res = await call(who, 'GET', `/api/creators/${creator.id}/earnings${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  t.ctx.clock.freeze();
  month = monthOf(now());
  x = await signUp(t, { name: 'Creator X', role: 'creator' });
  y = await signUp(t, { name: 'Creator Y', role: 'creator' });
  admin = await signUp(t, { role: 'admin' });
  trackX = await seedTrack(t.ctx.database.db, x.id, { title: 'X one' });
  trackY = await seedTrack(t.ctx.database.db, y.id, { title: '=HYPERLINK("http://evil")' });
  // Subscriber a pays $200 and listens to X four times as long as to Y; b pays $9.99 and hears Y only.
  const a = await signUp(t);
  const b = await signUp(t);
  await pay(a.id, 20_000);
  await pay(b.id, 999);
  await listen(a, trackX, 120);
  await listen(a, trackY, 30);
  await listen(b, trackY, 60);
  t.ctx.clock.advance(monthBounds(month).end.getTime() + 3 * HOUR - now().getTime());
  const closed = await earningsService(t.ctx).closeMonth(month);
  expect(closed.closed).toBe(true);
});
afterAll(() => t?.close());

describe('a creator statement', () => {
  it('shows the closed month by source and track, the subscribers sentence figures and the pro-rata counterfactual', async () => {
    const sx = await statement(x, x);
    const [row] = await q<{ earned_cents: number; pro_rata_cents: number; subscription_cents: number }>(
      'SELECT earned_cents::int, pro_rata_cents::int, subscription_cents::int FROM earnings_creator_months WHERE creator_id = $1',
      [x.id],
    );
    expect(sx.month).toMatchObject({
      month,
      rule: 'user-centric',
      earnedCents: row.earned_cents,
      subscriptionCents: row.subscription_cents,
      adCents: 0,
      proRataCents: row.pro_rata_cents,
      subscribers: 1,
      state: 'pending',
    });
    // User-centric: a's money follows a's listening, so X (4/5 of a's time) earns more than pro-rata would give.
    expect(sx.month.earnedCents).toBeGreaterThan(sx.month.proRataCents);
    expect(sx.tracks).toEqual([expect.objectContaining({ audioId: trackX, title: 'X one', plays: 1, subscribers: 1 })]);
    expect(sx.history.map((m: { month: string }) => m.month)).toEqual([month]);
    expect(sx.balance).toEqual({
      pendingCents: sx.month.earnedCents,
      availableCents: 0,
      processingCents: 0,
      paidCents: 0,
    });
    const sy = await statement(y, y);
    expect(sy.month.subscribers).toBe(2);
    expect(sy.month.earnedCents).toBeLessThan(sy.month.proRataCents);
    // Every cent of the month is either a creator's or the platform's.
    const [m] = await q<{ creators_cents: number }>(
      'SELECT creators_cents::int FROM earnings_months WHERE month = $1',
      [month],
    );
    expect(sx.month.earnedCents + sy.month.earnedCents).toBe(m.creators_cents);
  });

  it('answers an unknown month with no month, and refuses a malformed one', async () => {
    expect((await statement(x, x, '?month=2001-01')).month).toBeNull();
    expect((await call(x, 'GET', `/api/creators/${x.id}/earnings?month=2026-13`)).statusCode).toBe(400);
  });

  it('is only for the creator and admins', async () => {
    expect((await call(y, 'GET', `/api/creators/${x.id}/earnings`)).statusCode).toBe(403);
    expect((await call(y, 'GET', `/api/creators/${x.id}/earnings.csv`)).statusCode).toBe(403);
    expect((await call(y, 'POST', `/api/creators/${x.id}/payouts`)).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/api/creators/${x.id}/payouts`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/creators/${x.id}/earnings`)).statusCode).toBe(401);
    expect((await call(x, 'GET', '/api/creators/no-such-user/earnings')).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/creators/no-such-user/earnings')).statusCode).toBe(404);
    expect((await statement(admin, x)).month.month).toBe(month);
  });

  it('exports every month and track as CSV, formulas defused', async () => {
    const res = await call(y, 'GET', `/api/creators/${y.id}/earnings.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'record,month,rule,track_id,track,earned_usd,subscriptions_usd,ads_usd,reversals_usd,pro_rata_usd,subscribers,plays,heard_seconds,state',
    );
    const sy = await statement(y, y);
    const usd = (c: number) => (c / 100).toFixed(2);
    expect(lines[1]).toBe(
      `month,${month},user-centric,,,${usd(sy.month.earnedCents)},${usd(sy.month.subscriptionCents)},0.00,0.00,${usd(sy.month.proRataCents)},2,2,90,pending`,
    );
    expect(lines[2]).toContain(`track,${month},user-centric,${trackY},"'=HYPERLINK(""http://evil"")"`);
  });
});

describe('creator payouts on the shared rail', () => {
  it('pays the available balance after the 30-day hold, through the admin batch with step-up and audit', async () => {
    expect((await call(x, 'POST', `/api/creators/${x.id}/payouts`)).json().error.message).toBe(
      'Add a payout method before requesting a payout',
    );
    const saved = await call(x, 'PUT', `/api/creators/${x.id}/payout-method`, {
      kind: 'paypal',
      email: 'creator.x@example.org',
    });
    expect(saved.json().method).toEqual({ kind: 'paypal', masked: 'PayPal c***@example.org' });
    expect(
      (await call(y, 'PUT', `/api/creators/${x.id}/payout-method`, { kind: 'paypal', email: 'a@b.co' })).statusCode,
    ).toBe(403);
    // Still pending (the refund window): nothing available.
    expect((await call(x, 'POST', `/api/creators/${x.id}/payouts`)).json().error.message).toBe(
      'The minimum payout is $50.00; your available balance is $0.00',
    );
    t.ctx.clock.advance(31 * DAY);
    const before = await statement(x, x);
    expect(before.balance.availableCents).toBe(before.month.earnedCents);
    expect(before.month.state).toBe('available');
    const req = await call(x, 'POST', `/api/creators/${x.id}/payouts`);
    expect(req.statusCode).toBe(200);
    const payout = req.json().payout;
    expect(payout).toMatchObject({ amountCents: before.month.earnedCents, status: 'requested' });
    // Its entries are held by the open payout: nothing more to request.
    expect((await call(x, 'POST', `/api/creators/${x.id}/payouts`)).json().error.message).toBe(
      'The minimum payout is $50.00; your available balance is $0.00',
    );
    const during = await statement(x, x);
    expect(during.balance).toMatchObject({ availableCents: 0, processingCents: payout.amountCents });
    // Y's balance is under the minimum.
    expect(
      (await call(y, 'PUT', `/api/creators/${y.id}/payout-method`, { kind: 'paypal', email: 'y@example.org' }))
        .statusCode,
    ).toBe(200);
    expect((await call(y, 'POST', `/api/creators/${y.id}/payouts`)).statusCode).toBe(400);

    const due = (await call(admin, 'GET', '/api/admin/affiliate-payouts')).json().items;
    expect(due.find((p: { id: string }) => p.id === payout.id)).toMatchObject({
      payeeKind: 'creator',
      affiliate: { id: x.id },
      method: { kind: 'paypal', masked: 'PayPal c***@example.org' },
    });
    expect((await call(admin, 'POST', '/api/admin/affiliate-payout-batches')).json().error.code).toBe(
      'STEP_UP_REQUIRED',
    );
    expect((await call(admin, 'POST', '/api/admin/step-up', { password: admin.password })).statusCode).toBe(200);
    const batch = (await call(admin, 'POST', '/api/admin/affiliate-payout-batches')).json().batch;
    expect(batch).toMatchObject({ payoutCount: 1, totalCents: payout.amountCents });
    const csv = (await call(admin, 'GET', `/api/admin/affiliate-payout-batches/${batch.id}/paypal.csv`)).body;
    expect(csv).toContain(
      `creator.x@example.org,${(payout.amountCents / 100).toFixed(2)},USD,${payout.id},Wavecast creator payout,PayPal`,
    );
    const paid = await call(admin, 'POST', `/api/admin/affiliate-payouts/${payout.id}/paid`, { reference: 'PP-9' });
    expect(paid.json().payout).toMatchObject({ status: 'paid', reference: 'PP-9' });
    const after = await statement(x, x);
    expect(after.balance).toEqual({
      pendingCents: 0,
      availableCents: 0,
      processingCents: 0,
      paidCents: payout.amountCents,
    });
    expect(after.payouts[0]).toMatchObject({ id: payout.id, status: 'paid' });
    const audit = await q<{ action: string; after: { payeeKind: string; creatorId: string } }>(
      'SELECT action, after FROM audit_log WHERE target_id = $1',
      [payout.id],
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'payout.paid',
        after: expect.objectContaining({ payeeKind: 'creator', creatorId: x.id }),
      }),
    ]);
  });
});

describe('the distribution report and the public terms', () => {
  it('reports the last closed month to admins only', async () => {
    const res = await call(admin, 'GET', '/api/admin/earnings/distribution');
    expect(res.statusCode).toBe(200);
    const r = res.json().report;
    expect(r).toMatchObject({ month, rule: 'user-centric', creators: 2, betterOffShare: 0.5, worseOffShare: 0.5 });
    expect(r.gini).toBeGreaterThan(0);
    expect(r.top1PctShare).toBeGreaterThan(0.5);
    expect((await call(x, 'GET', '/api/admin/earnings/distribution')).statusCode).toBe(403);
  });

  it('states the platform share from the configuration', async () => {
    const res = await call(null, 'GET', '/api/earnings/terms');
    expect(res.json()).toEqual({
      platformSharePct: 30,
      creatorSharePct: 70,
      earningsRule: 'user-centric',
      holdDays: 30,
    });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { closeMonth } from './close';

// Late data: an affiliate commission booked on a payment after its month closed shrinks that
// month's net; the next close takes the creators' part of the difference back, as adjusting entries
// split by the payer's listening of the paid month, once.

let t: TestApp;
const q = async <T>(text: string, params: unknown[] = []) => (await t.ctx.database.query(text, params)) as T[];
const payer = 'late-payer';
const paymentId = randomUUID();
const track1 = '00000000-0000-4000-8000-000000000001';
const track2 = '00000000-0000-4000-8000-000000000002';

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.clock.freeze();
  await q(
    `INSERT INTO payments (id, user_id, kind, purpose, amount_cents, plan_id, external_id, invoice_id, occurred_at)
     VALUES ($1, $2, 'paid', 'subscription', 999, 'premium', 'late-in:paid', 'late-in', '2026-07-10T12:00:00Z')`,
    [paymentId, payer],
  );
  // 100 s of creator 1's track, 300 s of creator 2's.
  await q(
    `INSERT INTO earnings_listening (month, day, listener_id, audio_id, creator_id, plays, long_plays, heard_seconds)
     VALUES ('2026-07', '2026-07-11', $1, $2, 'late-c1', 1, 1, 100), ('2026-07', '2026-07-12', $1, $3, 'late-c2', 2, 2, 300)`,
    [payer, track1, track2],
  );
  await q(`INSERT INTO earnings_folded_days (day, folded_at)
           SELECT d::date, now() FROM generate_series(date '2026-07-01', date '2026-09-30', interval '1 day') d`);
}, 120_000);
afterAll(async () => t?.close());

const entries = (month: string) =>
  q<{ creator: string; kind: string; cents: number }>(
    `SELECT creator_id AS creator, kind, amount_cents::float8 AS cents FROM earnings_ledger WHERE month = $1
      ORDER BY creator_id`,
    [month],
  );

describe('late data', () => {
  it('re-allocates a commission booked after its month closed in the next close, once', async () => {
    const july = await closeMonth(t.ctx, '2026-07', { rule: 'user-centric' });
    // 999 − the fee (59) = 940; creators 70 %: 658, split 100:300.
    expect(july).toMatchObject({ subscriptionNetCents: 940, creatorsCents: 658 });
    expect(await entries('2026-07')).toEqual([
      { creator: 'late-c1', kind: 'allocation', cents: 165 },
      { creator: 'late-c2', kind: 'allocation', cents: 493 },
    ]);

    // The affiliate's commission on that payment is booked a day later: July's net was 740.
    t.ctx.clock.advance(86_400_000);
    await q(
      `INSERT INTO affiliate_ledger (affiliate_id, kind, amount_cents, referral_id, payment_id, occurred_at, payable_at, created_at)
       VALUES ('late-affiliate', 'commission', 200, $1, $2, $3, $3, $3)`,
      [randomUUID(), paymentId, t.ctx.clock.now().toISOString()],
    );
    t.ctx.clock.advance(60_000);
    const august = await closeMonth(t.ctx, '2026-08', { rule: 'user-centric' });
    // Creators' part of 740 is 518: 140 less, taken back 1:3; the platform bears the other 60.
    expect(august).toMatchObject({ subscriptionNetCents: -200, creatorsCents: -140, platformCents: -60 });
    expect(await entries('2026-08')).toEqual([
      { creator: 'late-c1', kind: 'reversal', cents: -35 },
      { creator: 'late-c2', kind: 'reversal', cents: -105 },
    ]);
    // Nothing changed since: the next close adjusts nothing again.
    t.ctx.clock.advance(60_000);
    const september = await closeMonth(t.ctx, '2026-09', { rule: 'user-centric' });
    expect(september).toMatchObject({ subscriptionNetCents: 0, creatorsCents: 0, entries: 0 });
  }, 120_000);
});

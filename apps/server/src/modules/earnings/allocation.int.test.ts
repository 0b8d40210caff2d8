import { randomUUID } from 'node:crypto';
import { EARNINGS_RULES, type EarningsRule } from '@wavecast/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { closeMonth, feeCents } from './close';
import { MonthRun, type PayerListening } from './month-run';

// The set-wise close (allocation-repo.ts) against the pure reference (month-run.ts) on a random month in
// the real database: the same entries, creator months and totals, to the cent, under every rule.
// Payers in several chunks, Family plans (each member's own hybrid cap), same-month refunds, nets
// ≤ 0, listeners who pay nothing, heavy listeners past the cap.

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MONTHS: Record<EarningsRule, string> = { 'user-centric': '2026-07', 'pro-rata': '2026-08', hybrid: '2026-09' };
const BPS = 3000;
const FEE = { bps: 290, fixed: 30 };

interface Row extends PayerListening {
  listenerId: string;
  day: string;
}

function randomMonth(seed: number) {
  const r = rng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const creators = Array.from({ length: 9 }, (_, i) => `creator-${i}`);
  const tracks = Array.from({ length: 40 }, (_, i) => ({
    audioId: randomUUID(),
    creatorId: creators[i % creators.length] as string,
  }));
  // Payments: most a plan's price, some other amounts, some refunded in the same month (in part or
  // in full: a net ≤ 0), and listeners who paid nothing.
  const payments: { user: string; cents: number; invoice: string; kind: 'paid' | 'refunded'; day: number }[] = [];
  const listeners: string[] = [];
  for (let i = 0; i < 260; i++) {
    const user = `payer-${String(i).padStart(3, '0')}-${int(0, 9)}`;
    listeners.push(user);
    if (i % 9 === 8) continue; // listens, pays nothing
    const cents = r() < 0.7 ? 999 : int(100, 2999);
    const invoice = `in-${seed}-${i}`;
    payments.push({ user, cents, invoice, kind: 'paid', day: int(1, 20) });
    if (r() < 0.08) payments.push({ user, cents: -int(1, cents), invoice, kind: 'refunded', day: 25 });
  }
  // Families: an owner (a payer) and members who listen on the owner's plan (one also pays).
  const seats = new Map<string, string>();
  for (let f = 0; f < 4; f++) {
    const owner = listeners[f * 7] as string;
    for (let m = 0; m < 3; m++) {
      const member = f === 0 && m === 0 ? (listeners[100] as string) : `member-${f}-${m}`;
      seats.set(member, owner);
      if (!listeners.includes(member)) listeners.push(member);
    }
  }
  // Listening: a few tracks a day; some listeners loop hundreds of long plays (past the cap).
  const rows: Row[] = [];
  for (const listenerId of listeners) {
    const heavy = r() < 0.15;
    const seen = new Set<string>();
    for (let k = int(0, 14); k > 0; k--) {
      const t = tracks[Math.floor(tracks.length * r() ** 2)] as (typeof tracks)[number];
      const day = String(int(1, 28)).padStart(2, '0');
      if (seen.has(`${t.audioId}${day}`)) continue;
      seen.add(`${t.audioId}${day}`);
      const plays = heavy ? int(50, 400) : int(1, 30);
      rows.push({ ...t, listenerId, day, plays, longPlays: int(0, plays), heardSeconds: plays * int(5, 300) });
    }
  }
  return { payments, seats, rows };
}

let t: TestApp;
const data = randomMonth(37);

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.database.db.transaction(async (tx) => {
    // Family seats name accounts (foreign keys to users) this test does not need to create.
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    for (const [member, owner] of data.seats) {
      await tx.execute(sql`INSERT INTO family_members (owner_id, email, member_id, status, token_hash, invited_at)
                           VALUES (${owner}, ${`${member}@example.test`}, ${member}, 'active', ${member}, now())`);
    }
  });
  for (const month of Object.values(MONTHS)) {
    for (const p of data.payments) {
      await t.ctx.database.query(
        `INSERT INTO payments (user_id, kind, purpose, amount_cents, plan_id, external_id, invoice_id, occurred_at)
         VALUES ($1, $2, 'subscription', $3, 'premium', $4, $5, $6)`,
        [
          p.user,
          p.kind,
          p.cents,
          `${month}-${p.invoice}-${p.kind}`,
          `${month}-${p.invoice}`,
          `${month}-${String(p.day).padStart(2, '0')}T12:00:00Z`,
        ],
      );
    }
    await t.ctx.database.query(
      `INSERT INTO earnings_listening (month, day, listener_id, audio_id, creator_id, plays, long_plays, heard_seconds)
       SELECT $1, ($1 || '-' || x.day)::date, x."listenerId", x."audioId", x."creatorId", x.plays, x."longPlays", x."heardSeconds"
         FROM jsonb_to_recordset($2::jsonb) AS x("listenerId" text, "audioId" uuid, "creatorId" text, day text,
                                                 plays int, "longPlays" int, "heardSeconds" int)`,
      [month, JSON.stringify(data.rows)],
    );
  }
  // Every day of those months folded already (the close folds nothing more).
  await t.ctx.database.query(
    `INSERT INTO earnings_folded_days (day, folded_at)
     SELECT d::date, now() FROM generate_series(date '2026-07-01', date '2026-09-30', interval '1 day') d`,
  );
}, 120_000);
afterAll(async () => t?.close());

/** The pure reference over the same month: nets as the close defines them, rows per paying account. */
function reference(rule: EarningsRule) {
  const units = new Map<string, number>();
  for (const p of data.payments) {
    const fee = p.kind === 'paid' ? feeCents(p.cents, FEE.bps, FEE.fixed) : 0;
    units.set(p.user, (units.get(p.user) ?? 0) + p.cents - fee);
  }
  const byPayer = new Map<string, PayerListening[]>();
  for (const row of data.rows) {
    const payer = data.seats.get(row.listenerId) ?? row.listenerId; // a seat: the owner who pays
    byPayer.set(payer, [...(byPayer.get(payer) ?? []), row]);
  }
  const run = new MonthRun({ rule, platformShareBps: BPS, units, adCents: new Map() });
  for (const [payer, rows] of byPayer) run.addPayer(payer, rows);
  return run.finish();
}

describe('the set-wise month close', () => {
  for (const rule of EARNINGS_RULES) {
    it(`gives exactly what the pure allocator gives (${rule})`, async () => {
      const month = MONTHS[rule];
      const want = reference(rule);
      // 37 paying accounts a chunk: several chunks, and the families' own.
      const got = await closeMonth(t.ctx, month, { chunkPayers: 37, rule });
      const entries = (await t.ctx.database.query(
        `SELECT audio_id AS "audioId", creator_id AS "creatorId", amount_cents::float8 AS cents, subscribers
           FROM earnings_ledger WHERE month = $1 ORDER BY audio_id`,
        [month],
      )) as { audioId: string; creatorId: string; cents: number; subscribers: number }[];
      const wantEntries = want.entries
        .map((e) => ({ audioId: e.audioId, creatorId: e.creatorId, cents: e.cents, subscribers: e.subscribers }))
        .sort((a, b) => ((a.audioId as string) < (b.audioId as string) ? -1 : 1));
      expect(entries).toEqual(wantEntries);

      const creators = (await t.ctx.database.query(
        `SELECT creator_id AS "creatorId", subscription_cents::float8 AS "subscriptionCents",
                pro_rata_cents::float8 AS "proRataCents", subscribers, plays, heard_seconds::float8 AS "heardSeconds"
           FROM earnings_creator_months WHERE month = $1 ORDER BY creator_id`,
        [month],
      )) as Record<string, unknown>[];
      const wantCreators = [...want.creators]
        .map(([creatorId, c]) => ({
          creatorId,
          subscriptionCents: c.subscriptionCents,
          proRataCents: c.proRataCents,
          subscribers: c.subscribers,
          plays: c.plays,
          heardSeconds: c.heardSeconds,
        }))
        .sort((a, b) => (a.creatorId < b.creatorId ? -1 : 1));
      expect(creators).toEqual(wantCreators);
      expect(got).toMatchObject({
        closed: true,
        subscriptionNetCents: want.subscriptionNetCents,
        creatorsCents: want.creatorsCents,
        platformCents: want.platformCents,
        subscribers: want.subscribers,
        listeningSubscribers: want.listeningSubscribers,
      });
      expect(want.creatorsCents).toBeGreaterThan(0);
      expect(got.creatorsCents + got.platformCents).toBe(got.subscriptionNetCents + got.adNetCents);
    }, 120_000);
  }
});

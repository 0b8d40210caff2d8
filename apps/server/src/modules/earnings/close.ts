import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { adCentsByCreator, platformSplit } from './allocate';
import * as q from './close-repo';
import { availableAtOf, isClosable, isMonth, monthBounds, monthDays, nextMonth } from './month';
import { MonthRun, type PayerListening } from './month-run';
import type { CloseResult } from './types';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Folds every unfolded day that ended over an hour ago (late reports of its sessions), up to `upTo`. */
export async function foldFinishedDays(ctx: AppContext, upTo?: string): Promise<string[]> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const lastDone = new Date(now.getTime() - HOUR_MS - DAY_MS).toISOString().slice(0, 10);
  const limit = nextDay(upTo && upTo < lastDone ? upTo : lastDone);
  const folded: string[] = [];
  for (const day of await q.unfoldedDays(db, limit)) {
    if (await q.foldDay(db, day, now)) folded.push(day);
  }
  return folded;
}

/** The processor's fee on a payment, as the configured rate (no ledger records fees). */
export const feeCents = (amount: number, bps: number, fixed: number) =>
  amount > 0 ? Math.floor((amount * bps + 5000) / 10_000) + fixed : 0;

/**
 * What the creators give back for a refund (≤ 0): their part of the payment's net, in the refunded
 * fraction (a full refund: all of it, so the reversal mirrors the allocation to the cent).
 */
export function reversalBase(
  paidNetCents: number,
  platformShareBps: number,
  refundCents: number,
  paidCents: number,
): number {
  const creators = platformSplit(paidNetCents, platformShareBps).creators;
  const refunded = Math.min(paidCents, Math.abs(refundCents));
  if (creators <= 0 || paidCents <= 0) return 0;
  return refunded === paidCents ? -creators : -Math.round((creators * refunded) / paidCents);
}

/**
 * Closes a month: its days folded, every paying account's net split by the rule in force (and by
 * pro-rata for the counterfactual), ads to the creators they ran on, earlier months' refunds
 * reversed, all written in one transaction. Exact: creators + platform = net, or nothing is written.
 * Closing a closed month writes nothing and answers its figures.
 */
export async function closeMonth(ctx: AppContext, month: string): Promise<CloseResult> {
  if (!isMonth(month)) throw badRequest('Month must be YYYY-MM');
  const now = ctx.clock.now();
  if (!isClosable(month, now)) throw badRequest('This month has not ended yet');
  const db = ctx.database.db;
  const cfg = ctx.config;
  const done = await q.isClosed(db, month);
  if (done) return resultOf(done, false, 0, 0);

  await foldFinishedDays(ctx, monthDays(month).last);
  const { start, end } = monthBounds(month);
  const fee = { bps: cfg.EARNINGS_PAYMENT_FEE_BPS, fixedCents: cfg.EARNINGS_PAYMENT_FEE_CENTS };
  // A family's seats count for the owner who pays: their rows wait until the cursor is done.
  const seats = await q.familySeats(db);
  const owners = new Set(seats.values());
  const families = new Map<string, PayerListening[]>();
  const availableAt = availableAtOf(month);

  return db.transaction(async (tx) => {
    const units = new Map<string, number>();
    for await (const batch of q.subscriptionNets(tx, start, end, fee))
      for (const u of batch) units.set(u.payer, u.netCents);
    const ads = adCentsByCreator(await q.adMicrosByCreator(tx, start, end));
    const run = new MonthRun({
      rule: cfg.EARNINGS_RULE,
      platformShareBps: cfg.EARNINGS_PLATFORM_SHARE_PCT * 100,
      units,
      adCents: ads.cents,
    });
    for (const r of await q.earlierRefunds(tx, start, end)) {
      const paidMonth = await q.monthTerms(tx, r.paidMonth);
      const paidNet = r.paidCents - feeCents(r.paidCents, fee.bps, fee.fixedCents) - r.paidCommissionCents;
      run.addReversal({
        paymentId: r.id,
        netCents: r.refundCents - r.refundCommissionCents,
        creatorsBaseCents: paidMonth
          ? reversalBase(paidNet, paidMonth.platformShareBps, r.refundCents, r.paidCents)
          : 0,
        rule: paidMonth?.rule ?? null,
        listening: paidMonth ? await q.listeningOfPayer(tx, r.payer, r.paidMonth) : [],
      });
    }

    let listener: string | null = null;
    let rows: PayerListening[] = [];
    const hand = () => {
      if (listener === null) return;
      const owner = seats.get(listener) ?? (owners.has(listener) ? listener : null);
      if (owner) families.set(owner, [...(families.get(owner) ?? []), ...rows]);
      else run.addPayer(listener, rows);
    };
    // In listener order: a listener's rows may straddle two batches, so they are handed over only
    // when the next listener begins.
    for await (const batch of q.listeningByListener(tx, month, cfg.EARNINGS_RULE === 'hybrid')) {
      for (const r of batch) {
        if (r.payer !== listener) {
          hand();
          listener = r.payer;
          rows = [];
        }
        rows.push(r);
      }
    }
    hand();
    for (const [owner, familyRows] of families) run.addPayer(owner, familyRows);
    const out = run.finish();

    const monthRow: q.NewMonth = {
      month,
      rule: cfg.EARNINGS_RULE,
      platformShareBps: cfg.EARNINGS_PLATFORM_SHARE_PCT * 100,
      subscriptionNetCents: out.subscriptionNetCents,
      adNetCents: out.adNetCents,
      creatorsCents: out.creatorsCents,
      platformCents: out.platformCents,
      subscribers: out.subscribers,
      listeningSubscribers: out.listeningSubscribers,
      closedAt: now,
      availableAt,
    };
    const entries: q.NewEntry[] = out.entries.map((e) => ({
      creatorId: e.creatorId,
      month,
      kind: e.kind,
      source: e.source,
      audioId: e.audioId,
      rule: cfg.EARNINGS_RULE,
      amountCents: e.cents,
      subscribers: e.subscribers,
      paymentId: e.paymentId,
      occurredAt: end,
      // A reversal nets the next payout at once; an allocation waits out the refund window.
      availableAt: e.kind === 'reversal' ? end : availableAt,
      createdAt: now,
    }));
    const creators: q.NewCreatorMonth[] = [...out.creators].map(([creatorId, c]) => ({
      month,
      creatorId,
      rule: cfg.EARNINGS_RULE,
      earnedCents: c.subscriptionCents + c.adCents + c.reversalCents,
      subscriptionCents: c.subscriptionCents,
      adCents: c.adCents,
      reversalCents: c.reversalCents,
      proRataCents: c.proRataCents,
      subscribers: c.subscribers,
      plays: c.plays,
      heardSeconds: c.heardSeconds,
    }));
    const wrote = await q.writeClose(tx, monthRow, entries, creators);
    return resultOf(monthRow, wrote, wrote ? creators.length : 0, wrote ? entries.length : 0);
  });
}

function resultOf(m: q.NewMonth, closed: boolean, creators: number, entries: number): CloseResult {
  return {
    month: m.month,
    closed,
    rule: m.rule,
    subscriptionNetCents: Number(m.subscriptionNetCents),
    adNetCents: Number(m.adNetCents),
    creatorsCents: Number(m.creatorsCents),
    platformCents: Number(m.platformCents),
    subscribers: m.subscribers,
    listeningSubscribers: m.listeningSubscribers,
    creators,
    entries,
  };
}

/** Every ended month since the first with activity that is not closed yet, oldest first. */
export async function closeDueMonths(ctx: AppContext): Promise<CloseResult[]> {
  const db = ctx.database.db;
  const from = await q.firstActiveMonth(db);
  if (!from) return [];
  const out: CloseResult[] = [];
  for (let m = from; isClosable(m, ctx.clock.now()); m = nextMonth(m)) {
    if (await q.isClosed(db, m)) continue;
    out.push(await closeMonth(ctx, m));
  }
  return out;
}

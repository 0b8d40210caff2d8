import type { EarningsRule } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { adCentsByCreator, platformSplit } from './allocate';
import {
  allocateSubscriptions,
  type CloseTrace,
  type CreatorExtra,
  loadUnits,
  noTrace,
  splitPoolByPlays,
  timed,
  writeSubscriptionsAndCreators,
} from './allocation-repo';
import * as q from './close-repo';
import { availableAtOf, isClosable, isMonth, monthBounds, monthDays, nextMonth } from './month';
import { MonthRun } from './month-run';
import type { CloseResult } from './types';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * When a new day is folded, the days folded in the this many days before it are folded again
 * (`refoldDay`): listening reported late (a beacon retried, buckets added after midnight, a radio
 * connection closed later) is added, and re-split by the next close if its month has closed. Once a
 * day, not every hour: a re-fold costs what a fold costs. Raw sessions are kept far longer (30 days).
 */
export const LATE_REFOLD_DAYS = 3;

/**
 * Folds every unfolded day that ended over an hour ago (late reports of its sessions), up to `upTo`;
 * if it folded any, folds again the days of the last LATE_REFOLD_DAYS folded before (what was
 * reported since).
 */
export async function foldFinishedDays(ctx: AppContext, upTo?: string): Promise<string[]> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const lastDone = new Date(now.getTime() - HOUR_MS - DAY_MS).toISOString().slice(0, 10);
  const limit = nextDay(upTo && upTo < lastDone ? upTo : lastDone);
  const folded: string[] = [];
  for (const day of await q.unfoldedDays(db, limit)) {
    if (await q.foldDay(db, day, now)) folded.push(day);
  }
  if (folded.length > 0) {
    const since = new Date(now.getTime() - LATE_REFOLD_DAYS * DAY_MS).toISOString().slice(0, 10);
    for (const day of await q.foldedDaysSince(db, since, now)) await q.refoldDay(db, day, now);
  }
  return folded;
}

/** `all` without what `added` put in it (per listener, track and day); rows left with nothing dropped. */
export function listeningBefore(all: q.ListeningRow[], added: q.ListeningRow[]): q.ListeningRow[] {
  const key = (r: q.ListeningRow) => `${r.listenerId}|${r.audioId}|${r.day}`;
  const late = new Map(added.map((r) => [key(r), r]));
  return all
    .map((r) => {
      const a = late.get(key(r));
      return a
        ? {
            ...r,
            plays: r.plays - a.plays,
            longPlays: r.longPlays - a.longPlays,
            heardSeconds: r.heardSeconds - a.heardSeconds,
          }
        : r;
    })
    .filter((r) => r.plays > 0 || r.longPlays > 0 || r.heardSeconds > 0);
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
 * pro-rata for the counterfactual) set-wise in SQL (allocation-repo.ts), ads to the creators they ran
 * on and earlier months' refunds reversed in JS (few rows), all written in one transaction. Exact:
 * creators + platform = net, or nothing is written. Closing a closed month writes nothing and
 * answers its figures.
 */
export async function closeMonth(
  ctx: AppContext,
  month: string,
  opts: { chunkPayers?: number; rule?: EarningsRule; trace?: CloseTrace } = {},
): Promise<CloseResult> {
  if (!isMonth(month)) throw badRequest('Month must be YYYY-MM');
  const now = ctx.clock.now();
  if (!isClosable(month, now)) throw badRequest('This month has not ended yet');
  const db = ctx.database.db;
  const cfg = ctx.config;
  const rule = opts.rule ?? cfg.EARNINGS_RULE;
  const done = await q.isClosed(db, month);
  if (done) return resultOf(done, false, 0, 0);

  const trace = opts.trace ?? noTrace;
  await timed(trace, 'fold days', () => foldFinishedDays(ctx, monthDays(month).last));
  const { start, end } = monthBounds(month);
  const fee = { bps: cfg.EARNINGS_PAYMENT_FEE_BPS, fixedCents: cfg.EARNINGS_PAYMENT_FEE_CENTS };
  const platformShareBps = cfg.EARNINGS_PLATFORM_SHARE_PCT * 100;
  const availableAt = availableAtOf(month);

  return db.transaction(async (tx) => {
    const units = await loadUnits(tx, start, end, fee, platformShareBps, trace);
    const ads = adCentsByCreator(await timed(trace, 'ads', () => q.adMicrosByCreator(tx, start, end)));
    const t0 = performance.now();
    // Ads (per creator; pooled under pro-rata) and reversals: a few rows, split by the pure rules.
    const extra = new MonthRun({
      rule,
      platformShareBps,
      units: new Map(),
      adCents: rule === 'pro-rata' ? new Map() : ads.cents,
    });
    for (const r of await q.earlierRefunds(tx, start, end)) {
      const paidMonth = await q.monthTerms(tx, r.paidMonth);
      const paidNet = r.paidCents - feeCents(r.paidCents, fee.bps, fee.fixedCents) - r.paidCommissionCents;
      extra.addReversal({
        paymentId: r.id,
        netCents: r.refundCents - r.refundCommissionCents,
        creatorsBaseCents: paidMonth
          ? reversalBase(paidNet, paidMonth.platformShareBps, r.refundCents, r.paidCents)
          : 0,
        rule: paidMonth?.rule ?? null,
        listening: paidMonth ? await q.listeningOfPayer(tx, r.payer, r.paidMonth) : [],
      });
    }
    // Commissions booked after their payment's month closed: that month's net was smaller; the
    // creators' part of the difference is taken back (or given) now, split as a refund would be.
    for (const c of await q.lateCommissions(tx, month, now, fee)) {
      const terms = await q.monthTerms(tx, c.paidMonth);
      if (!terms) continue;
      const part = (net: number) => platformSplit(net, terms.platformShareBps).creators;
      extra.addReversal({
        paymentId: c.paymentId,
        netCents: -(c.after - c.before),
        creatorsBaseCents: part(c.baseCents - c.after) - part(c.baseCents - c.before),
        rule: terms.rule,
        listening: await q.listeningOfPayer(tx, c.payer, c.paidMonth),
      });
    }
    // Listening of closed months that grew after they closed (late reports, found by re-folds): each
    // such account's share of that month is split again, as adjusting entries: what its listening
    // now gives minus what it gave (all of it, if the account had heard nothing then).
    for (const l of await q.lateListeners(tx, month, now, fee)) {
      const terms = await q.monthTerms(tx, l.paidMonth);
      const pot = terms ? platformSplit(l.netCents, terms.platformShareBps).creators : 0;
      if (!terms || pot <= 0) continue;
      const listening = await q.listeningOfPayer(tx, l.payer, l.paidMonth);
      const added = await q.lateListeningOfPayer(tx, l.payer, l.paidMonth, l.since);
      const split = { paymentId: l.paymentId, netCents: 0, rule: terms.rule };
      extra.addReversal({ ...split, creatorsBaseCents: -pot, listening: listeningBefore(listening, added) });
      extra.addReversal({ ...split, creatorsBaseCents: pot, listening });
    }
    const extraOut = extra.finish();
    trace('reversals and late commissions', performance.now() - t0);

    // Subscriptions: per account in chunks, then the pool (subscriptions + ads) by plays.
    const subs = await allocateSubscriptions(tx, month, rule, opts.chunkPayers, trace);
    const pool = platformSplit(units.unitsNetCents + ads.totalCents, platformShareBps);
    const pooled = await splitPoolByPlays(tx, pool.creators, trace);
    if (pooled !== 0 && pooled !== pool.creators) {
      throw new Error(`earnings: ${month}'s pool does not add up (${pooled} of ${pool.creators})`);
    }
    const subscriptionCreators = rule === 'pro-rata' ? pooled : subs.givenCents;

    const subscriptionNetCents = units.unitsNetCents + extraOut.subscriptionNetCents;
    const creatorsCents = subscriptionCreators + extraOut.creatorsCents;
    const monthRow: q.NewMonth = {
      month,
      rule,
      platformShareBps,
      subscriptionNetCents,
      adNetCents: ads.totalCents,
      creatorsCents,
      platformCents: subscriptionNetCents + ads.totalCents - creatorsCents,
      subscribers: units.payers,
      listeningSubscribers: rule === 'pro-rata' ? subs.seen : subs.listening,
      closedAt: now,
      availableAt,
    };
    const entries: q.NewEntry[] = extraOut.entries.map((e) => ({
      creatorId: e.creatorId,
      month,
      kind: e.kind,
      source: e.source,
      audioId: e.audioId,
      rule,
      amountCents: e.cents,
      subscribers: e.subscribers,
      paymentId: e.paymentId,
      occurredAt: end,
      // A reversal nets the next payout at once; an allocation waits out the refund window.
      availableAt: e.kind === 'reversal' ? end : availableAt,
      createdAt: now,
    }));
    const extras = new Map<string, CreatorExtra>();
    for (const e of extraOut.entries) {
      const x = extras.get(e.creatorId) ?? { creatorId: e.creatorId, adCents: 0, reversalCents: 0 };
      if (e.kind === 'reversal') x.reversalCents += e.cents;
      else x.adCents += e.cents;
      extras.set(e.creatorId, x);
    }
    if (!(await timed(trace, 'month row and JS entries', () => q.writeClose(tx, monthRow, entries, [])))) {
      return resultOf(monthRow, false, 0, 0);
    }
    const wrote = await writeSubscriptionsAndCreators(
      tx,
      { month, rule, occurredAt: end, availableAt, createdAt: now },
      [...extras.values()],
      trace,
    );
    return resultOf(monthRow, true, wrote.creators, wrote.entries + entries.length);
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

import type { SubscriptionStatus } from '@wavecast/shared';
import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingAccounts, payments, providerEvents, subscriptionEvents, subscriptions, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import type { SubscriptionEvent } from './state-machine';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The account's subscription that is not expired, if any (at most one: a unique index). */
export async function findOpenSubscription(db: Db | Tx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'expired')));
  return row;
}

export async function findSubscriptionByProviderId(db: Db, providerId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, providerId));
  return row;
}

export async function hasUsedTrial(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: billingAccounts.trialStartedAt })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, userId));
  return !!row?.at;
}

export async function findStripeCustomer(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: billingAccounts.stripeCustomerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, userId));
  return row?.id ?? null;
}

/** The customer Stripe deleted last for this account (null: none ever was). */
export async function previousStripeCustomer(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: billingAccounts.previousStripeCustomerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, userId));
  return row?.id ?? null;
}

export async function saveStripeCustomer(db: Db, userId: string, customerId: string): Promise<void> {
  await db
    .insert(billingAccounts)
    .values({ userId, stripeCustomerId: customerId })
    .onConflictDoUpdate({ target: billingAccounts.userId, set: { stripeCustomerId: customerId } });
}

/** Drops the account's Stripe customer (deleted at Stripe), if it is still that one. */
export async function forgetStripeCustomer(db: Db, userId: string, customerId: string): Promise<void> {
  await db
    .update(billingAccounts)
    .set({ stripeCustomerId: null, previousStripeCustomerId: customerId })
    .where(and(eq(billingAccounts.userId, userId), eq(billingAccounts.stripeCustomerId, customerId)));
}

export async function findUserByStripeCustomer(db: Db, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: billingAccounts.userId })
    .from(billingAccounts)
    .where(eq(billingAccounts.stripeCustomerId, customerId));
  return row?.userId ?? null;
}

export type NewSubscription = Pick<
  typeof subscriptions.$inferInsert,
  'userId' | 'planId' | 'source' | 'currentPeriodStart' | 'currentPeriodEnd' | 'trialEndsAt' | 'stripeSubscriptionId'
> &
  Partial<Pick<typeof subscriptions.$inferInsert, 'providerEventAt'>>;

/**
 * Starts a subscription (its first event recorded with it). A trial also claims the account's one
 * trial; undefined when it was used, or when another subscription is open (the unique index).
 */
export async function createSubscription(
  db: Db,
  input: NewSubscription & { status: SubscriptionStatus; event: SubscriptionEvent; at: Date; claimTrial?: boolean },
  /** Written in the same transaction once the row exists (an admin's audit entry). */
  withRow?: (tx: Tx, row: SubscriptionRow) => Promise<void>,
): Promise<SubscriptionRow | undefined> {
  const { status, event, at, claimTrial, ...values } = input;
  try {
    return await db.transaction(async (tx) => {
      if (claimTrial) {
        await tx.insert(billingAccounts).values({ userId: values.userId }).onConflictDoNothing();
        const claimed = await tx
          .update(billingAccounts)
          .set({ trialStartedAt: at })
          .where(and(eq(billingAccounts.userId, values.userId), isNull(billingAccounts.trialStartedAt)))
          .returning({ userId: billingAccounts.userId });
        if (claimed.length === 0) throw new Refused();
      }
      const [row] = await tx
        .insert(subscriptions)
        .values({ ...values, status, createdAt: at, updatedAt: at })
        .returning();
      await tx.insert(subscriptionEvents).values({
        subscriptionId: row.id,
        event,
        fromStatus: null,
        toStatus: status,
        planId: row.planId,
        at,
      });
      await withRow?.(tx, row);
      return row;
    });
  } catch (e) {
    if (e instanceof Refused || isUniqueViolation(e)) return undefined;
    throw e;
  }
}

class Refused extends Error {}

export type SubscriptionPatch = Partial<
  Pick<
    SubscriptionRow,
    | 'planId'
    | 'source'
    | 'currentPeriodStart'
    | 'currentPeriodEnd'
    | 'trialEndsAt'
    | 'graceEndsAt'
    | 'stripeSubscriptionId'
    | 'providerEventAt'
    | 'endedAt'
  >
>;

/**
 * Writes one transition if the row is still as it was read (its version): undefined when another
 * change came first, so two changes at the same moment cannot both apply.
 */
export async function transition(
  db: Db,
  sub: SubscriptionRow,
  change: {
    event: SubscriptionEvent;
    to: SubscriptionStatus;
    patch: SubscriptionPatch;
    at: Date;
    detail?: Record<string, unknown>;
  },
  /** Written in the transition's transaction once it applied (its lifecycle event). */
  withRow?: (tx: Tx, row: SubscriptionRow) => Promise<void>,
): Promise<SubscriptionRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptions)
      .set({ ...change.patch, status: change.to, version: sub.version + 1, updatedAt: change.at })
      .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.version, sub.version)))
      .returning();
    if (!row) return undefined;
    await tx.insert(subscriptionEvents).values({
      subscriptionId: sub.id,
      event: change.event,
      fromStatus: sub.status,
      toStatus: change.to,
      planId: row.planId,
      detail: change.detail ?? null,
      at: change.at,
    });
    await withRow?.(tx, row);
    return row;
  });
}

/** Subscriptions whose trial, canceled period or grace is over at `now` (one account's, or all). */
export async function dueSubscriptions(db: Db, now: Date, userId?: string): Promise<SubscriptionRow[]> {
  const due = or(
    and(eq(subscriptions.status, 'trialing'), lte(subscriptions.currentPeriodEnd, now)),
    and(eq(subscriptions.status, 'canceled'), lte(subscriptions.currentPeriodEnd, now)),
    and(eq(subscriptions.status, 'past_due'), lte(subscriptions.graceEndsAt, now)),
  );
  return db
    .select()
    .from(subscriptions)
    .where(userId ? and(eq(subscriptions.userId, userId), due) : due)
    .limit(500);
}

export async function subscriptionHistory(db: Db, subscriptionId: string) {
  return db
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, subscriptionId))
    .orderBy(subscriptionEvents.at, sql`${subscriptionEvents.id}`);
}

export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'createdAt'>;

/**
 * Records a ledger entry once (by its external id); false when it was already there. `withEntry`
 * runs in the entry's transaction when it is new (its lifecycle event).
 */
export async function recordPayment(
  db: Db,
  entry: NewPayment,
  withEntry?: (tx: Tx, id: string) => Promise<void>,
): Promise<boolean> {
  if (!withEntry) {
    const rows = await db.insert(payments).values(entry).onConflictDoNothing().returning({ id: payments.id });
    return rows.length > 0;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(payments).values(entry).onConflictDoNothing().returning({ id: payments.id });
    if (row) await withEntry(tx, row.id);
    return !!row;
  });
}

/** The paid entry of a provider invoice (who paid it, for what), if booked. */
export async function paidEntryOfInvoice(db: Db, invoiceId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.kind, 'paid')))
    .limit(1);
  return row;
}

export async function listPayments(db: Db, userId: string, limit = 24): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.occurredAt), desc(payments.createdAt))
    .limit(limit);
}

/** Notes the newest provider event seen for a subscription when it changed nothing else. */
export async function markProviderEventAt(db: Db, subscriptionId: string, at: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ providerEventAt: sql`greatest(${subscriptions.providerEventAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(subscriptions.id, subscriptionId));
}

/** Whether a provider webhook event (by its id) was applied already. */
export async function providerEventSeen(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: providerEvents.id }).from(providerEvents).where(eq(providerEvents.id, eventId));
  return !!row;
}

/** Records a provider event as applied; false when another delivery recorded it first. */
export async function markProviderEventSeen(db: Db, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(providerEvents)
    .values({ id: eventId, type })
    .onConflictDoNothing()
    .returning({ id: providerEvents.id });
  return rows.length > 0;
}

/**
 * The Stripe ids of the account's subscriptions that are not over (what a suspension pauses);
 * `paidOnly` leaves out one an admin's grant holds paused (what a restore may resume).
 */
export async function openStripeSubscriptionIds(db: Db, userId: string, paidOnly = false): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        ne(subscriptions.status, 'expired'),
        sql`${subscriptions.stripeSubscriptionId} IS NOT NULL`,
        paidOnly ? eq(subscriptions.source, 'stripe') : undefined,
      ),
    );
  return rows.flatMap((r) => (r.id ? [r.id] : []));
}

/** Whether the account still exists (a provider event may come for one deleted since). */
export async function userExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return !!row;
}

/** Whether the account is suspended now; null when it no longer exists. */
export async function isSuspended(db: Db, userId: string): Promise<boolean | null> {
  const [row] = await db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, userId));
  return row ? row.at !== null : null;
}

/** Every subscription that is not over and has a Stripe id (what the reconciliation compares). */
export async function openProviderSubscriptions(db: Db): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(ne(subscriptions.status, 'expired'), sql`${subscriptions.stripeSubscriptionId} IS NOT NULL`));
}

/** Open trials (with or without a card) ending after `now` and by `until`: the trial reminders' list. */
export async function trialsEndingBetween(db: Db, now: Date, until: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, ['trialing', 'active']),
        gt(subscriptions.trialEndsAt, now),
        lte(subscriptions.trialEndsAt, until),
      ),
    )
    .limit(1000);
}

/** Marks the account's one trial as used (a trial begun at Stripe with a card); no-op when it was. */
export async function markTrialUsed(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .insert(billingAccounts)
    .values({ userId, trialStartedAt: at })
    .onConflictDoUpdate({
      target: billingAccounts.userId,
      set: { trialStartedAt: sql`coalesce(${billingAccounts.trialStartedAt}, ${at.toISOString()}::timestamptz)` },
    });
}

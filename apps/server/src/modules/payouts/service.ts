import {
  AFFILIATE_MESSAGES,
  type PayeeKind,
  type PayoutMethodKind,
  type PayoutSchedule,
  type TPayoutMethodInput,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import { serverSecret } from '../../lib/server-secret';
import type { SessionUser } from '../../lib/session';
import { recordAudit } from '../admin/audit';
import { stripeFor } from '../billing/stripe/client';
import { openMethod, sealMethod } from './method';
import { payeeKind } from './payee-kinds';
import * as repo from './repo';
import { canMovePayout, payoutPeriod } from './state';

/** Payouts requested and not paid yet, every payee kind (the admin overview's figure). */
export const payoutsDueCents = (ctx: AppContext) => repo.payoutsDueCents(ctx.database.db);

export interface PayoutRequest {
  kind: PayeeKind;
  payeeId: string;
  schedule: PayoutSchedule;
  minCents: number;
  method: { kind: PayoutMethodKind; masked: string; secret: string } | null;
  /** Reads the payee's payable entries inside the payout's transaction, under the payee's lock. */
  payableEntries: (tx: Db, now: Date) => Promise<{ id: string; amount_cents: number }[]>;
  /** The refusal when the balance is under the minimum. */
  belowMinimum: (payableCents: number) => string;
}

/**
 * The one payout rail (ADR 0054): a payee (affiliate or creator) requests its payable balance; an
 * admin gathers requested payouts of every kind in a batch, pays it (PayPal or bank CSV, or Stripe
 * Connect transfers) and marks each paid with its reference, or failed (its entries are payable
 * again). Step-up on the admin routes; each admin action one audit entry in its transaction.
 */
export const payoutsService = perApp(makePayoutsService);

function makePayoutsService(ctx: AppContext) {
  const db = ctx.database.db;
  let key: string | undefined;
  const secret = () => {
    key ??= serverSecret(ctx.config);
    return key;
  };
  const decrypt = (data: string | null) => openMethod(secret(), data);

  /** An admin marks a batched payout paid (reference) or a waiting one failed; one audit entry, in its transaction. */
  async function decidePayout(
    admin: SessionUser,
    id: string,
    d: { status: 'paid'; reference: string } | { status: 'failed'; note?: string },
  ) {
    const at = ctx.clock.now();
    return db.transaction(async (tx) => {
      const found = await repo.findPayoutForUpdate(tx, id);
      if (!found) throw notFound('Payout');
      if (!canMovePayout(found.status, d.status)) throw conflict(AFFILIATE_MESSAGES.payoutDecided);
      const decided = await repo.decidePayout(tx, id, found.status, {
        status: d.status,
        reference: d.status === 'paid' ? d.reference : null,
        note: d.status === 'failed' ? d.note || null : null,
        by: admin.id,
        at,
      });
      if (!decided) throw conflict(AFFILIATE_MESSAGES.payoutDecided);
      if (decided.status === 'paid') await payeeKind(decided.payeeKind).markPaid?.(tx, decided, at);
      await recordAudit(tx, {
        actorId: admin.id,
        action: `payout.${decided.status}`,
        targetType: 'payout',
        targetId: id,
        before: { status: found.status },
        after: {
          status: decided.status,
          payeeKind: decided.payeeKind,
          ...(decided.payeeKind === 'affiliate' ? { affiliateId: decided.payeeId } : { creatorId: decided.payeeId }),
          amountCents: decided.amountCents,
          reference: decided.reference,
          note: decided.note,
        },
        at,
      });
      return decided;
    });
  }

  return {
    /**
     * A payee asks to be paid its payable balance: a method on file, at least the minimum, one
     * payout per period of its schedule. Under the payee's lock and the period's unique key: two
     * requests at once make one payout.
     */
    async request(r: PayoutRequest) {
      if (!r.method) throw badRequest(AFFILIATE_MESSAGES.payoutMethodMissing);
      const method = r.method;
      const now = ctx.clock.now();
      return db.transaction(async (tx) => {
        await repo.lockPayee(tx, r.kind, r.payeeId);
        const entries = await r.payableEntries(tx, now);
        const total = entries.reduce((s, e) => s + e.amount_cents, 0);
        if (total < r.minCents) throw badRequest(r.belowMinimum(total));
        const row = await repo.insertPayout(tx, {
          payeeKind: r.kind,
          payeeId: r.payeeId,
          period: payoutPeriod(r.schedule, now),
          amountCents: total,
          methodKind: method.kind,
          methodMasked: method.masked,
          methodSecret: method.secret,
          entryIds: entries.map((e) => e.id),
          at: now,
        });
        if (!row) throw conflict(AFFILIATE_MESSAGES.payoutTooSoon(r.schedule));
        return row;
      });
    },

    payoutsOf: (kind: PayeeKind, payeeId: string) => repo.payoutsOf(db, kind, payeeId),

    /** A payee kind's own method on file (kinds whose tables hold none: creators). */
    async methodOf(kind: PayeeKind, userId: string) {
      const row = await repo.findMethod(db, kind, userId);
      return row ? { kind: row.methodKind, masked: row.methodMasked, secret: row.methodSecret } : null;
    },

    /** Saves the method encrypted; only its masked form is kept in clear. */
    async saveMethod(kind: PayeeKind, userId: string, method: TPayoutMethodInput) {
      await repo.saveMethod(db, { kind, userId, method: await sealMethod(secret(), method), at: ctx.clock.now() });
    },

    seal: (method: TPayoutMethodInput) => sealMethod(secret(), method),
    decrypt,

    /** Payouts waiting for an admin, each with how many of its payee's items are held for review. */
    async duePayouts() {
      const rows = await repo.duePayouts(db);
      const held = new Map<string, number>();
      for (const kind of new Set(rows.map((r) => r.payee_kind))) {
        const ids = rows.filter((r) => r.payee_kind === kind).map((r) => r.affiliate_id);
        const counts = (await payeeKind(kind).heldCounts?.(db, ids)) ?? new Map<string, number>();
        for (const [id, n] of counts) held.set(`${kind}:${id}`, n);
      }
      return rows.map((r) => ({ ...r, held: held.get(`${r.payee_kind}:${r.affiliate_id}`) ?? 0 }));
    },

    /** Gathers every requested payout into a batch (requested → batched); one audit entry. */
    async createBatch(admin: SessionUser) {
      const at = ctx.clock.now();
      return db.transaction(async (tx) => {
        const batch = await repo.createBatch(tx, { by: admin.id, at });
        if (!batch) throw badRequest(AFFILIATE_MESSAGES.batchEmpty);
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'payout_batch.create',
          targetType: 'payout_batch',
          targetId: batch.id,
          after: { payoutCount: batch.payoutCount, totalCents: batch.totalCents },
          at,
        });
        return batch;
      });
    },

    listBatches: () => repo.listBatches(db),

    /**
     * A batch with every payout's full details, decrypted, for the admin who pays it (step-up on
     * the route); each read is audited (`what`: the detail view or an export).
     */
    async batchDetail(admin: SessionUser, id: string, what: 'view' | 'paypal_csv' | 'bank_csv') {
      const batch = await repo.findBatch(db, id);
      if (!batch) throw notFound('Payout batch');
      const rows = await repo.batchPayouts(db, id);
      const payouts = await Promise.all(
        rows.map(async (r) => ({ ...r, details: await decrypt(r.payout.methodSecret) })),
      );
      await recordAudit(db, {
        actorId: admin.id,
        action: `payout_batch.${what}`,
        targetType: 'payout_batch',
        targetId: id,
        after: { payoutCount: rows.length, totalCents: batch.totalCents },
        at: ctx.clock.now(),
      });
      return { batch, payouts };
    },

    decidePayout,

    /**
     * Pays a batch's Stripe Connect payouts by transfers (one per payout, idempotent on the payout
     * id: a retry never pays twice) and marks each paid with the transfer id; one Stripe refuses
     * stays batched, with its message. Step-up on the route; audited.
     */
    async transferBatch(admin: SessionUser, id: string) {
      const billing = stripeFor(ctx);
      if (!billing) throw badRequest(AFFILIATE_MESSAGES.connectNotConfigured);
      if (!(await repo.findBatch(db, id))) throw notFound('Payout batch');
      const paid: { payoutId: string; transferId: string }[] = [];
      const failed: { payoutId: string; message: string }[] = [];
      for (const { payout } of await repo.batchPayouts(db, id)) {
        if (payout.status !== 'batched' || payout.methodKind !== 'stripe') continue;
        const details = await decrypt(payout.methodSecret);
        if (details?.kind !== 'stripe') continue;
        try {
          const transfer = await billing.stripe.transfers.create(
            {
              amount: payout.amountCents,
              currency: 'usd',
              destination: details.accountId,
              transfer_group: `payout-batch-${id}`,
              metadata: { payoutId: payout.id, period: payout.period, payeeKind: payout.payeeKind },
            },
            { idempotencyKey: `wavecast-payout-${payout.id}` },
          );
          await decidePayout(admin, payout.id, { status: 'paid', reference: transfer.id });
          paid.push({ payoutId: payout.id, transferId: transfer.id });
        } catch (e) {
          failed.push({ payoutId: payout.id, message: (e as Error).message });
        }
      }
      await recordAudit(db, {
        actorId: admin.id,
        action: 'payout_batch.transfers',
        targetType: 'payout_batch',
        targetId: id,
        after: { paid: paid.length, failed: failed.length },
        at: ctx.clock.now(),
      });
      return { paid, failed };
    },
  };
}

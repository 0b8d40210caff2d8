import { BILLING_MESSAGES, PAYMENT_GRACE_DAYS, PLANS } from '@wavecast/shared';
import Stripe from 'stripe';
import type { AppContext } from '../../../context';
import { AppError, badRequest } from '../../../lib/errors';
import { paymentFailedNotice, receiptNotice, recordNotice } from '../notices';
import * as repo from '../repo';
import type { SubscriptionsService } from '../subscriptions';
import { callStripe, idOf, planOfPrice, type StripeBilling } from './client';
import { actOnSubscription } from './lifecycle';
import { subscriptionSync } from './sync';

const DAY_MS = 86_400_000;
const StripeErrors = Stripe.errors;
export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Stripe's webhook events, applied once each: a delivery seen before (by event id) is acknowledged
 * and changes nothing. Every effect is also idempotent on its own (ledger entries by external id,
 * subscriptions synced from Stripe's current state), so two deliveries racing each other, or one
 * that failed halfway and is retried, still end in one entry and one transition.
 */
export function stripeWebhooks(ctx: AppContext, billing: StripeBilling, subs: SubscriptionsService) {
  const { stripe, settings } = billing;
  const db = ctx.database.db;
  const sync = subscriptionSync(ctx, billing, subs);

  async function userOfCustomer(customer: Parameters<typeof idOf>[0], fallback?: string | null) {
    const id = idOf(customer);
    return (id && (await repo.findUserByStripeCustomer(db, id))) || fallback || null;
  }

  const subscriptionOfInvoice = (invoice: Stripe.Invoice) =>
    idOf(invoice.parent?.subscription_details?.subscription ?? null);

  async function checkoutCompleted(session: Stripe.Checkout.Session, at: Date): Promise<WebhookOutcome> {
    const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
    const customer = idOf(session.customer);
    // A Checkout finished after its account was deleted: no customer to keep (its subscription, if
    // any, is cancelled by the sync below; a top-up is still booked, the ledger has no account link).
    const known = userId ? await repo.userExists(db, userId) : false;
    if (userId && known && customer && !(await repo.findStripeCustomer(db, userId))) {
      await repo.saveStripeCustomer(db, userId, customer);
    }
    if (session.mode === 'subscription') {
      const subId = idOf(session.subscription);
      if (!subId) return 'ignored';
      await sync.sync(subId, at);
      return 'applied';
    }
    if (session.mode !== 'payment' || session.metadata?.purpose !== 'ad_topup') return 'ignored';
    if (session.payment_status !== 'paid') return 'ignored'; // a delayed method: async_payment_succeeded
    await repo.recordPayment(db, {
      userId,
      kind: 'paid',
      purpose: 'ad_topup',
      amountCents: session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      externalId: `${session.id}:paid`,
      description: session.metadata?.description ?? 'Ad balance top-up',
      occurredAt: at,
    });
    return 'applied';
  }

  async function invoicePaid(invoice: Stripe.Invoice, at: Date): Promise<WebhookOutcome> {
    const subId = subscriptionOfInvoice(invoice);
    const local = subId ? await sync.sync(subId, at) : undefined;
    const userId = local?.userId ?? (await userOfCustomer(invoice.customer));
    if (!local && subId && invoice.amount_paid > 0 && (await deletedAccounts(subId))) {
      // A renewal (or a Checkout's first invoice) charged after its account was deleted: the sync
      // cancelled the subscription; the money is refunded, never kept (ADR 0037, ADR 0044).
      await bookDeletedAccountsPayment(invoice, at);
      await refundLatePayment(invoice, { userId: null, planId: null, id: null, stripeSubscriptionId: null }, at);
      return 'applied';
    }
    if (!userId || !local || invoice.amount_paid <= 0) return 'ignored';
    const plan = PLANS[local.planId].name;
    const prorated = invoice.billing_reason === 'subscription_update';
    // The receipt goes with the ledger entry: once, however often the invoice is delivered.
    const receipt = (tx: repo.Tx, paymentId: string) =>
      recordNotice(
        ctx,
        tx,
        receiptNotice(
          {
            userId,
            paymentId,
            planId: local.planId,
            amountCents: invoice.amount_paid,
            periodStart: local.currentPeriodStart,
            periodEnd: local.currentPeriodEnd,
            prorated,
          },
          ctx.config.PUBLIC_URL,
        ),
      );
    const booked = await repo.recordPayment(
      db,
      {
        userId,
        kind: 'paid',
        purpose: 'subscription',
        amountCents: invoice.amount_paid,
        currency: invoice.currency,
        planId: local.planId,
        subscriptionId: local.id,
        externalId: `${invoice.id}:paid`,
        invoiceId: invoice.id,
        description: prorated ? `${plan} (plan change, prorated)` : `${plan} subscription`,
        occurredAt: at,
      },
      local.status === 'expired' ? undefined : receipt,
    );
    if (booked) await ctx.events.deliverNow();
    // Paid for a subscription we ended (grace over, revoked): refunded, never kept (ADR 0037).
    if (local.status === 'expired') await refundLatePayment(invoice, local, at);
    return 'applied';
  }

  /**
   * Whether a subscription is one of ours (our price) billing an account that no longer exists
   * (named by its Checkout's metadata): what the sync cancels rather than records. A customer we
   * never knew (no account named) is cancelled by the sync and otherwise left alone.
   */
  async function deletedAccounts(subId: string): Promise<boolean> {
    const remote = await stripe.subscriptions.retrieve(subId).catch((e: unknown) => {
      if (e instanceof StripeErrors.StripeInvalidRequestError && e.statusCode === 404) return null;
      return callStripe(() => Promise.reject(e));
    });
    if (!remote || !planOfPrice(settings, remote.items?.data?.[0]?.price?.id)) return false;
    const userId = (await userOfCustomer(remote.customer)) ?? remote.metadata?.userId ?? null;
    return !!userId && !(await repo.userExists(db, userId));
  }

  /** The deleted account's payment, in the ledger without an account (it outlives the account). */
  async function bookDeletedAccountsPayment(invoice: Stripe.Invoice, at: Date) {
    await repo.recordPayment(db, {
      userId: null,
      kind: 'paid',
      purpose: 'subscription',
      amountCents: invoice.amount_paid,
      currency: invoice.currency,
      externalId: `${invoice.id}:paid`,
      invoiceId: invoice.id,
      description: 'Paid after the account was deleted',
      occurredAt: at,
    });
  }

  /**
   * A payment that arrived after its plan ended here: the subscription is cancelled at Stripe (if
   * its end has not reached it yet) and each payment of the invoice refunded in full, booked at once
   * as a negative entry under the refund's id (the later `charge.refunded` books nothing more).
   */
  async function refundLatePayment(
    invoice: Stripe.Invoice,
    local: Pick<repo.SubscriptionRow, 'stripeSubscriptionId'> & {
      userId: string | null;
      planId: repo.SubscriptionRow['planId'] | null;
      id: string | null;
    },
    at: Date,
  ) {
    const { userId } = local;
    const subId = local.stripeSubscriptionId;
    if (subId) await callStripe(() => actOnSubscription(stripe, 'cancel', subId));
    const paid = await callStripe(() =>
      stripe.invoicePayments.list({ invoice: invoice.id, status: 'paid', limit: 100 }),
    );
    let booked = false;
    for (const payment of paid.data) {
      const intent = idOf(payment.payment.payment_intent ?? null);
      const charge = idOf(payment.payment.charge ?? null);
      if (!intent && !charge) continue;
      const refund = await callStripe(() =>
        stripe.refunds.create(
          {
            ...(intent ? { payment_intent: intent } : { charge: charge ?? undefined }),
            metadata: {
              ...(userId ? { userId } : {}),
              purpose: 'subscription',
              reason: userId ? 'paid_after_plan_ended' : 'paid_after_account_deleted',
              invoice: invoice.id,
            },
          },
          { idempotencyKey: `wavecast-late-refund-${payment.id}` },
        ),
      );
      const entry = {
        userId,
        kind: 'refunded',
        purpose: 'subscription',
        amountCents: -refund.amount,
        currency: refund.currency,
        planId: local.planId,
        subscriptionId: local.id,
        externalId: `${refund.id}:refunded`,
        invoiceId: invoice.id,
        description: userId ? 'Refund: paid after the plan ended' : 'Refund: paid after the account was deleted',
        occurredAt: at,
      } satisfies repo.NewPayment;
      const announce = userId
        ? (tx: Parameters<typeof ctx.events.record>[0], paymentId: string) =>
            ctx.events.record(tx, 'payment.refunded', { userId, paymentId, amountCents: refund.amount })
        : undefined;
      if (await repo.recordPayment(db, entry, announce)) booked = true;
    }
    if (booked) await ctx.events.deliverNow();
  }

  /**
   * Stripe deleted the customer (in its dashboard): it cancelled the customer's subscriptions, so
   * ours end (synced from Stripe's answer), and the account forgets the customer (a new Checkout
   * makes a new one). A customer we never knew is acknowledged and ignored.
   */
  async function customerDeleted(customer: Stripe.Customer, at: Date): Promise<WebhookOutcome> {
    const userId = await repo.findUserByStripeCustomer(db, customer.id);
    if (!userId) return 'ignored';
    for (const id of await repo.openStripeSubscriptionIds(db, userId)) await sync.sync(id, at);
    await repo.forgetStripeCustomer(db, userId, customer.id);
    return 'applied';
  }

  async function invoiceFailed(invoice: Stripe.Invoice, at: Date): Promise<WebhookOutcome> {
    const subId = subscriptionOfInvoice(invoice);
    const local = subId ? await repo.findSubscriptionByProviderId(db, subId) : undefined;
    const userId = local?.userId ?? (await userOfCustomer(invoice.customer));
    if (!userId && subId) await sync.sync(subId, at); // a deleted account's: cancelled there (issue 31)
    if (!userId || !subId) return 'ignored';
    // The grace this failure starts (or the one already running), told in the notice.
    const graceEndsAt = local?.graceEndsAt ?? new Date(ctx.clock.now().getTime() + PAYMENT_GRACE_DAYS * DAY_MS);
    const notice = (tx: repo.Tx, paymentId: string) =>
      recordNotice(
        ctx,
        tx,
        paymentFailedNotice(
          { userId, paymentId, planId: local?.planId ?? null, amountCents: invoice.amount_due, graceEndsAt },
          ctx.config.PUBLIC_URL,
        ),
      );
    const first = await repo.recordPayment(
      db,
      {
        userId,
        kind: 'failed',
        purpose: 'subscription',
        amountCents: invoice.amount_due,
        currency: invoice.currency,
        planId: local?.planId ?? null,
        subscriptionId: local?.id ?? null,
        externalId: `${invoice.id}:failed`,
        description: 'Payment failed',
        occurredAt: at,
      },
      notice,
    );
    if (first) await ctx.events.deliverNow();
    // Grace begins at the invoice's first failure, unless something newer was applied already.
    const fresh = first && local && !(local.providerEventAt && at < local.providerEventAt);
    if (fresh && local.status === 'active' && local.source === 'stripe') {
      await subs.apply(local, 'payment_failed', { graceEndsAt, providerEventAt: at }, { invoice: invoice.id });
    }
    await sync.sync(subId, at);
    return 'applied';
  }

  /**
   * The invoice a charge paid (Stripe's charge → payment intent → invoice payment), so its refund
   * names it and the affiliate's commission is reversed at that invoice's rate (ADR 0044); null for
   * a charge of no invoice (a top-up, a one-off charge).
   */
  async function invoiceOfCharge(charge: Pick<Stripe.Charge, 'payment_intent'>): Promise<string | null> {
    const intent = idOf(charge.payment_intent ?? null);
    if (!intent) return null;
    const found = await callStripe(() =>
      stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: intent }, limit: 1 }),
    );
    return idOf(found.data[0]?.invoice ?? null);
  }

  async function chargeRefunded(charge: Stripe.Charge, at: Date): Promise<WebhookOutcome> {
    const userId = await userOfCustomer(charge.customer, charge.metadata?.userId);
    const purpose = charge.metadata?.purpose === 'ad_topup' ? 'ad_topup' : 'subscription';
    const invoiceId = purpose === 'subscription' ? await invoiceOfCharge(charge) : null;
    // The event's copy of the charge may not list its refunds: ask for them (each booked once).
    const refunds = await callStripe(() => stripe.refunds.list({ charge: charge.id, limit: 100 }));
    let booked = false;
    for (const refund of refunds.data) {
      if (refund.status === 'failed' || refund.status === 'canceled') continue;
      // `payment.refunded` goes with the ledger entry (once: only a new entry records it).
      const announce = userId
        ? (tx: Parameters<typeof ctx.events.record>[0], paymentId: string) =>
            ctx.events.record(tx, 'payment.refunded', { userId, paymentId, amountCents: refund.amount })
        : undefined;
      const entry = {
        userId,
        kind: 'refunded',
        purpose,
        amountCents: -refund.amount,
        currency: refund.currency,
        externalId: `${refund.id}:refunded`,
        invoiceId,
        description: purpose === 'ad_topup' ? 'Refund of an ad balance top-up' : 'Refund',
        occurredAt: refund.created ? new Date(refund.created * 1000) : at,
      } satisfies repo.NewPayment;
      if (await repo.recordPayment(db, entry, announce)) booked = true;
    }
    if (booked) await ctx.events.deliverNow();
    return 'applied';
  }

  /**
   * A dispute lost (a chargeback): the money is gone, booked as a refund of the disputed invoice
   * (ADR 0044), so commissions are reversed as for any refund. Only subscription invoices: a
   * disputed top-up's charge names no invoice. The invoice's payment not booked here yet (its
   * `invoice.paid` still on its way): 503, and Stripe delivers the dispute again later.
   */
  async function disputeClosed(dispute: Stripe.Dispute, at: Date): Promise<WebhookOutcome> {
    if (dispute.status !== 'lost') return 'ignored';
    const invoiceId = await invoiceOfCharge(dispute);
    if (!invoiceId) return 'ignored';
    const paid = await repo.paidEntryOfInvoice(db, invoiceId);
    if (!paid) throw new AppError('UNAVAILABLE', BILLING_MESSAGES.paymentServiceDown);
    const userId = paid.userId;
    const booked = await repo.recordPayment(
      db,
      {
        userId,
        kind: 'refunded',
        purpose: 'subscription',
        amountCents: -dispute.amount,
        currency: dispute.currency,
        planId: paid.planId,
        subscriptionId: paid.subscriptionId,
        externalId: `${dispute.id}:dispute_lost`,
        invoiceId,
        description: 'Chargeback (dispute lost)',
        occurredAt: at,
      },
      userId
        ? (tx, paymentId) =>
            ctx.events.record(tx, 'payment.refunded', { userId, paymentId, amountCents: dispute.amount })
        : undefined,
    );
    if (booked) await ctx.events.deliverNow();
    return 'applied';
  }

  async function apply(event: Stripe.Event): Promise<WebhookOutcome> {
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return checkoutCompleted(event.data.object, at);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await sync.sync(event.data.object.id, at);
        return 'applied';
      case 'invoice.paid':
        return invoicePaid(event.data.object, at);
      case 'invoice.payment_failed':
        return invoiceFailed(event.data.object, at);
      case 'charge.refunded':
        return chargeRefunded(event.data.object, at);
      case 'customer.deleted':
        return customerDeleted(event.data.object, at);
      case 'charge.dispute.closed':
        return disputeClosed(event.data.object, at);
      default:
        return 'ignored';
    }
  }

  return {
    /** The event in a delivery whose signature matches the webhook secret; 400 for anything else. */
    verify(rawBody: Buffer, signature: unknown): Stripe.Event {
      if (typeof signature !== 'string' || signature === '') throw badRequest(BILLING_MESSAGES.webhookSignatureInvalid);
      try {
        const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
        if (typeof event?.id !== 'string' || typeof event.type !== 'string') throw new Error('not an event');
        return event;
      } catch {
        throw badRequest(BILLING_MESSAGES.webhookSignatureInvalid);
      }
    },

    /** Applies an event once; unknown types are recorded as seen and otherwise ignored. */
    async handle(event: Stripe.Event): Promise<WebhookOutcome> {
      if (await repo.providerEventSeen(db, event.id)) return 'duplicate';
      const outcome = await apply(event);
      // Recorded after its effects: a delivery that failed halfway is applied again when retried.
      const first = await repo.markProviderEventSeen(db, event.id, event.type);
      return first ? outcome : 'duplicate';
    },
  };
}

export type StripeWebhooks = ReturnType<typeof stripeWebhooks>;

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type FakeStripe, type FakeSubscription, fakeStripeEnv, startFakeStripe } from './fake-stripe';
import { createTestApp, type TestApp, type TestUser } from './helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Reply = Promise<LightMyRequestResponse>;

export interface BillingTestApp {
  readonly t: TestApp;
  readonly fake: FakeStripe;
  now(): Date;
  call(who: TestUser | string, method: Method, url: string, payload?: object): Reply;
  post(delivery: { payload: string; signature: string }): Reply;
  send(type: string, object: object, created?: Date): Reply;
  invoice(sub: FakeSubscription, amountCents?: number, reason?: string): Record<string, unknown> & { id: string };
}

/**
 * An app billing at the local fake Stripe (real HTTP, driven by the official SDK), started before
 * the file's tests and closed after, with what billing tests do to it: requests as a user, signed
 * webhook deliveries to the real route, subscription invoices. Read `t` and `fake` inside tests.
 */
export function billingTestApp(fakeOptions: Parameters<typeof startFakeStripe>[0] = {}): BillingTestApp {
  const held = {} as { t: TestApp; fake: FakeStripe };
  let invoiceSeq = 0;
  beforeAll(async () => {
    held.fake = await startFakeStripe(fakeOptions);
    held.t = await createTestApp(fakeStripeEnv(held.fake));
  });
  afterAll(async () => {
    await held.t?.close();
    await held.fake?.close();
  });

  const now = () => held.t.ctx.clock.now();
  /** A request as the user (or with its session cookie), from our own origin. */
  const call = (who: TestUser | string, method: Method, url: string, payload?: object) =>
    held.t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { cookie: typeof who === 'string' ? who : who.cookie, origin: held.t.ctx.config.PUBLIC_URL },
    });
  /** Posts a signed delivery to the webhook route. */
  const post = (delivery: { payload: string; signature: string }) =>
    held.t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: delivery.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    });
  /** Delivers a new event about `object`, created now (or at `created`). */
  const send = (type: string, object: object, created = now()) => post(held.fake.delivery(type, object, { created }));
  /** An invoice of the subscription, each with its own id. */
  const invoice = (sub: FakeSubscription, amountCents = 999, reason = 'subscription_cycle') => ({
    id: `in_test${++invoiceSeq}`,
    object: 'invoice',
    customer: sub.customer,
    amount_paid: amountCents,
    amount_due: amountCents,
    currency: 'usd',
    billing_reason: reason,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
  });

  return {
    get t() {
      return held.t;
    },
    get fake() {
      return held.fake;
    },
    now,
    call,
    post,
    send,
    invoice,
  };
}

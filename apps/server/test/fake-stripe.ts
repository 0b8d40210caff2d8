import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** One request the SDK made: its form-encoded body as flat bracket keys (`items[0][price]`). */
export interface FakeRequest {
  method: string;
  path: string;
  body: Record<string, string>;
  idempotencyKey?: string;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: Stripe.Subscription.Status;
  cancel_at_period_end: boolean;
  /** Set while collection is paused (`{ behavior: 'void' }`: invoices voided), null otherwise. */
  pause_collection: { behavior: string } | null;
  canceled_at: number | null;
  /** The trial's end (unix seconds) while or after a trial, null without one. */
  trial_end: number | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: { id: string };
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

interface FakeRefund {
  id: string;
  object: 'refund';
  charge: string;
  amount: number;
  currency: string;
  status: string;
  created: number;
}

/** One payment of an invoice (issue 32): the payment intent a refund is made against. */
export interface FakeInvoicePayment {
  id: string;
  object: 'invoice_payment';
  invoice: string;
  amount_paid: number;
  status: 'paid';
  charge: string;
  payment: { type: 'payment_intent'; payment_intent?: string; charge?: string };
}

export const FAKE_WEBHOOK_SECRET = 'whsec_wavecast_test';

/**
 * A local stand-in for the few Stripe endpoints Wavecast calls (customers, Checkout and portal
 * sessions, subscriptions list/retrieve/update/cancel with pause_collection, refunds list, Connect transfers), on real HTTP so the official SDK is driven
 * as it is in production. State lives in memory; every request is recorded.
 */
export async function startFakeStripe(
  opts: {
    port?: number;
    /**
     * The app's webhook URL: with it, the fake also hosts Checkout pages (`/checkout/:id`) whose Pay
     * button completes the session as Stripe would (a subscription, `checkout.session.completed`,
     * then `invoice.paid`, each delivered signed to this URL) and goes back to the success URL.
     */
    webhookUrl?: string;
    /** Prices' amounts in cents (a subscription's invoice), e.g. `{ price_premium: 999 }`. */
    amounts?: Record<string, number>;
  } = {},
) {
  const requests: FakeRequest[] = [];
  const customers = new Map<string, { id: string; email: string; metadata: Record<string, string> }>();
  const byIdempotencyKey = new Map<string, unknown>();
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, FakeSubscription>();
  const refunds: FakeRefund[] = [];
  const transfers: { id: string; amount: number; destination: string; metadata: Record<string, string> }[] = [];
  let seq = 0;
  // Follows the app's moved test clock (e2e: `advanceClock` in e2e/support posts to both), so an
  // invoice paid after the app's clock moved a month is dated in that month, as it would be.
  let clockOffsetMs = 0;
  const now = () => new Date(Date.now() + clockOffsetMs);
  const newId = (prefix: string) => `${prefix}_fake${++seq}`;
  const signer = new Stripe('sk_test_fake');

  const metadataOf = (body: Record<string, string>, prefix = 'metadata') => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(body)) {
      const m = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`).exec(k);
      if (m) out[m[1]] = v;
    }
    return out;
  };

  // ---- Issue 32 (billing follows Stripe): invoice payments, refunds created, Stripe being down ----
  /** Each paid invoice's payments (what a refund of a late payment is made against). */
  const invoicePayments = new Map<string, FakeInvoicePayment[]>();
  const outage = { down: false };

  function followsStripeRoute(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, string>,
    key?: string,
  ): [number, unknown] | null {
    if (method === 'GET' && path === '/v1/invoice_payments') {
      // By invoice, or by the payment intent that paid one (a charge's invoice, ADR 0044).
      const intent = query.get('payment[payment_intent]');
      const pool = query.get('invoice')
        ? (invoicePayments.get(query.get('invoice') ?? '') ?? [])
        : [...invoicePayments.values()].flat().filter((p) => intent && p.payment.payment_intent === intent);
      const data = pool.filter((p) => !query.get('status') || p.status === query.get('status'));
      return [200, { object: 'list', url: '/v1/invoice_payments', has_more: false, data }];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      if (key && byIdempotencyKey.has(key)) return [200, byIdempotencyKey.get(key)];
      const paid = [...invoicePayments.values()]
        .flat()
        .find((p) => p.payment.payment_intent === body.payment_intent || p.payment.charge === body.charge);
      if (!paid) {
        return [
          404,
          { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment' } },
        ];
      }
      const refund = {
        ...api.addRefund(paid.charge, body.amount ? Number(body.amount) : paid.amount_paid),
        payment_intent: paid.payment.payment_intent ?? null,
        metadata: metadataOf(body),
      };
      if (key) byIdempotencyKey.set(key, refund);
      return [200, refund];
    }
    return null;
  }

  const followsStripeApi = {
    /** While true, every API request answers 503 at once (Stripe unreachable; the SDK does not retry). */
    outage,
    /** Records an invoice as paid at Stripe (a card charged through a payment intent). */
    payInvoice(invoiceId: string, amount: number): FakeInvoicePayment {
      const n = ++seq;
      const payment: FakeInvoicePayment = {
        id: `inpay_fake${n}`,
        object: 'invoice_payment',
        invoice: invoiceId,
        amount_paid: amount,
        status: 'paid',
        charge: `ch_fake${n}`,
        payment: { type: 'payment_intent', payment_intent: `pi_fake${n}` },
      };
      invoicePayments.set(invoiceId, [...(invoicePayments.get(invoiceId) ?? []), payment]);
      return payment;
    },
    /** Refunds created through the API (not the ones a test adds with addRefund). */
    refundsCreated: () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds'),
  };
  // ---- end of issue 32's block ----

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, string>,
    key?: string,
  ): [number, unknown] {
    const lifecycle = followsStripeRoute(method, path, query, body, key);
    if (lifecycle) return lifecycle;
    const trials = trialsRoute(method, path, body);
    if (trials) return trials;
    if (method === 'POST' && path === '/v1/customers') {
      if (key && byIdempotencyKey.has(key)) return [200, byIdempotencyKey.get(key)];
      const customer = { id: newId('cus'), object: 'customer', email: body.email, metadata: metadataOf(body) };
      customers.set(customer.id, customer);
      if (key) byIdempotencyKey.set(key, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = newId('cs');
      const session = {
        id,
        object: 'checkout.session',
        url: `${base}/checkout/${id}`,
        mode: body.mode,
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: metadataOf(body),
        subscription: null,
        payment_status: 'unpaid',
        success_url: body.success_url ?? null,
        price: body['line_items[0][price]'] ?? null,
        amount_total: body['line_items[0][price_data][unit_amount]']
          ? Number(body['line_items[0][price_data][unit_amount]'])
          : null,
        currency: 'usd',
        ...trialOfSessionBody(body),
      };
      sessions.set(id, session);
      return [200, session];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = newId('bps');
      return [200, { id, object: 'billing_portal.session', customer: body.customer, url: `${base}/portal/${id}` }];
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const customer = query.get('customer');
      const status = query.get('status');
      const data = [...subscriptions.values()].filter(
        (s) =>
          (!customer || s.customer === customer) &&
          (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'),
      );
      return [200, { object: 'list', url: '/v1/subscriptions', has_more: false, data }];
    }
    const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (sub) {
      const found = subscriptions.get(sub[1]);
      if (!found)
        return [
          404,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such subscription: '${sub[1]}'`,
            },
          },
        ];
      if (method === 'GET') return [200, found];
      // As Stripe: a canceled subscription can be read, not changed or canceled again.
      if (found.status === 'canceled')
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              message: `A canceled subscription can only update its cancellation_details and metadata.`,
            },
          },
        ];
      if (method === 'DELETE') {
        found.status = 'canceled';
        found.canceled_at = Math.floor(now().getTime() / 1000);
        return [200, found];
      }
      if (method === 'POST') {
        if (body['items[0][price]']) found.items.data[0].price = { id: body['items[0][price]'] };
        if (body.cancel_at_period_end) found.cancel_at_period_end = body.cancel_at_period_end === 'true';
        if (body['pause_collection[behavior]'])
          found.pause_collection = { behavior: body['pause_collection[behavior]'] };
        else if ('pause_collection' in body && body.pause_collection === '') found.pause_collection = null;
        Object.assign(found.metadata, metadataOf(body));
        return [200, found];
      }
    }
    // Stripe Connect transfers (affiliate payouts): a destination starting `acct_bad` is refused.
    if (method === 'POST' && path === '/v1/transfers') {
      if (key && byIdempotencyKey.has(key)) return [200, byIdempotencyKey.get(key)];
      if (body.destination?.startsWith('acct_bad'))
        return [
          400,
          { error: { type: 'invalid_request_error', code: 'account_invalid', message: 'No such destination' } },
        ];
      const transfer = {
        id: newId('tr'),
        object: 'transfer',
        amount: Number(body.amount),
        currency: body.currency,
        destination: body.destination,
        transfer_group: body.transfer_group ?? null,
        metadata: metadataOf(body),
      };
      transfers.push(transfer);
      if (key) byIdempotencyKey.set(key, transfer);
      return [200, transfer];
    }
    if (method === 'GET' && path === '/v1/refunds') {
      return [
        200,
        {
          object: 'list',
          url: '/v1/refunds',
          has_more: false,
          data: refunds.filter((r) => r.charge === query.get('charge')),
        },
      ];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method} ${path})` } }];
  }

  // ---- Trials with a card, add-card Checkout and proration previews (issue 32, billing-trials) ----

  /** A Checkout session's trial terms, as the SDK sends them. */
  function trialOfSessionBody(body: Record<string, string>) {
    return {
      payment_method_collection: body.payment_method_collection ?? null,
      trial_period_days: body['subscription_data[trial_period_days]']
        ? Number(body['subscription_data[trial_period_days]'])
        : null,
      trial_end: body['subscription_data[trial_end]'] ? Number(body['subscription_data[trial_end]']) : null,
    };
  }

  const priceAmount = (price: string) => opts.amounts?.[price] ?? 0;

  /**
   * `POST /v1/invoices/create_preview` for a subscription's price change, prorated simply and
   * deterministically: the unused share of the period (to the second, as of `proration_date`) of
   * the new price minus the same share of the old one, each rounded to the cent.
   */
  function trialsRoute(method: string, path: string, body: Record<string, string>): [number, unknown] | null {
    if (method !== 'POST' || path !== '/v1/invoices/create_preview') return null;
    const found = subscriptions.get(body.subscription ?? '');
    const newPrice = body['subscription_details[items][0][price]'];
    if (!found || !newPrice)
      return [400, { error: { type: 'invalid_request_error', message: 'subscription and a new price are required' } }];
    const item = found.items.data[0];
    const at = Number(body['subscription_details[proration_date]'] ?? Math.floor(now().getTime() / 1000));
    const length = item.current_period_end - item.current_period_start;
    const left = Math.min(Math.max(item.current_period_end - at, 0), length) / length;
    const inTrial = found.status === 'trialing';
    const total = inTrial
      ? 0
      : Math.round(priceAmount(newPrice) * left) - Math.round(priceAmount(item.price.id) * left);
    return [
      200,
      {
        object: 'invoice',
        customer: found.customer,
        subscription: found.id,
        currency: 'usd',
        total,
        amount_due: Math.max(total, 0),
        billing_reason: 'subscription_update',
      },
    ];
  }

  type FakeEvent = { type: string; object: Record<string, unknown> };

  function trialsApi() {
    const invoice = (sub: FakeSubscription, amount: number, reason: string) => ({
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      amount_paid: amount,
      amount_due: amount,
      currency: 'usd',
      billing_reason: reason,
      parent: { subscription_details: { subscription: sub.id } },
    });
    return {
      /**
       * What Stripe does when a subscription Checkout is paid at `now`: the subscription (trialing
       * until its trial's end when the session has one, charging nothing today), then the events to
       * deliver: `checkout.session.completed` and the first `invoice.paid` ($0 in a trial).
       */
      pay(sessionId: string, now: Date): FakeEvent[] {
        const session = sessions.get(sessionId) as Record<string, unknown> & {
          trial_period_days: number | null;
          trial_end: number | null;
        };
        if (!session) throw new Error(`no session ${sessionId}`);
        Object.assign(session, { payment_status: 'paid', status: 'complete' });
        const trialEnd = session.trial_end
          ? new Date(session.trial_end * 1000)
          : session.trial_period_days
            ? new Date(now.getTime() + session.trial_period_days * 86_400_000)
            : undefined;
        const price = String(session.price);
        const sub = api.putSubscription({
          customer: String(session.customer),
          price,
          metadata: session.metadata as Record<string, string>,
          status: trialEnd ? 'trialing' : 'active',
          periodStart: now,
          periodEnd: trialEnd ?? new Date(now.getTime() + 30 * 86_400_000),
          trialEnd,
        });
        session.subscription = sub.id;
        return [
          { type: 'checkout.session.completed', object: session },
          { type: 'invoice.paid', object: invoice(sub, trialEnd ? 0 : priceAmount(price), 'subscription_create') },
        ];
      },

      /**
       * The trial's end at Stripe: the card is charged the price for a first 30-day period; the
       * events to deliver (`customer.subscription.updated`, `invoice.paid`).
       */
      endTrial(subscriptionId: string): FakeEvent[] {
        const sub = subscriptions.get(subscriptionId);
        if (!sub?.trial_end || sub.status !== 'trialing') throw new Error(`${subscriptionId} is not trialing`);
        const item = sub.items.data[0];
        sub.status = 'active';
        item.current_period_start = sub.trial_end;
        item.current_period_end = sub.trial_end + 30 * 86_400;
        return [
          { type: 'customer.subscription.updated', object: sub as unknown as Record<string, unknown> },
          { type: 'invoice.paid', object: invoice(sub, priceAmount(item.price.id), 'subscription_cycle') },
        ];
      },

      /** The subscription's renewal charge failing (`invoice.payment_failed`). */
      failRenewal(subscriptionId: string): FakeEvent {
        const sub = subscriptions.get(subscriptionId);
        if (!sub) throw new Error(`no subscription ${subscriptionId}`);
        sub.status = 'past_due';
        const bill = invoice(sub, priceAmount(sub.items.data[0].price.id), 'subscription_cycle');
        return { type: 'invoice.payment_failed', object: { ...bill, amount_paid: 0 } };
      },
    };
  }
  // ---- end of issue 32's block ----

  /** Delivers an event to the app's webhook, signed as Stripe does. */
  async function deliver(type: string, object: object) {
    if (!opts.webhookUrl) return;
    const d = api.delivery(type, object, { created: now() });
    const res = await fetch(opts.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': d.signature },
      body: d.payload,
    });
    if (!res.ok) throw new Error(`webhook ${type}: ${res.status} ${await res.text()}`);
  }

  /** The Pay button of a hosted Checkout page: what Stripe does when the card is accepted. */
  async function completeCheckout(session: Record<string, unknown>) {
    const at = now();
    session.payment_status = 'paid';
    session.status = 'complete';
    if (session.mode === 'subscription') {
      for (const e of api.pay(String(session.id), at)) await deliver(e.type, e.object);
    } else {
      await deliver('checkout.session.completed', session);
    }
  }

  const checkoutPage = (id: string, s: Record<string, unknown>) =>
    `<!doctype html><html><head><title>Fake Stripe Checkout</title></head><body>
<h1>Fake Stripe Checkout</h1><p>Session ${id} (${String(s.mode)})</p>
<form method="post" action="/checkout/${id}/pay"><button type="submit">Pay</button></form></body></html>`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (url.pathname === '/_test/clock' && req.method === 'POST') {
        clockOffsetMs += Number(JSON.parse(Buffer.concat(chunks).toString() || '{}').advanceMs) || 0;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ now: now().toISOString() }));
        return;
      }
      const hosted = opts.webhookUrl ? /^\/checkout\/([\w-]+)(\/pay)?$/.exec(url.pathname) : null;
      const session = hosted ? sessions.get(hosted[1]) : undefined;
      if (hosted && session) {
        if (!hosted[2] && req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(checkoutPage(hosted[1], session));
          return;
        }
        if (hosted[2] && req.method === 'POST') {
          completeCheckout(session).then(
            () => {
              res.writeHead(303, { location: String(session.success_url ?? '/') });
              res.end();
            },
            (err: Error) => {
              res.writeHead(502, { 'content-type': 'text/plain' });
              res.end(err.message);
            },
          );
          return;
        }
      }
      const body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body, idempotencyKey: key });
      if (outage.down) {
        res.writeHead(503, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down (fake outage)' } }));
        return;
      }
      const [status, answer] = route(req.method ?? 'GET', url.pathname, url.searchParams, body, key);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const api = {
    url: base,
    requests,
    customers,
    sessions,
    subscriptions,
    /** Stripe Connect transfers made. */
    transfers,
    /** Requests to one path (and method). */
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),

    /** A subscription as Stripe would hold it after a Checkout (or a change made in the portal). */
    putSubscription(input: {
      id?: string;
      customer: string;
      price: string;
      metadata?: Record<string, string>;
      status?: Stripe.Subscription.Status;
      cancelAtPeriodEnd?: boolean;
      periodStart: Date;
      periodEnd: Date;
      trialEnd?: Date;
    }): FakeSubscription {
      const id = input.id ?? newId('sub');
      const sub: FakeSubscription = {
        id,
        object: 'subscription',
        customer: input.customer,
        status: input.status ?? 'active',
        cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
        pause_collection: null,
        canceled_at: null,
        trial_end: input.trialEnd ? Math.floor(input.trialEnd.getTime() / 1000) : null,
        metadata: input.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: `si_${id}`,
              object: 'subscription_item',
              price: { id: input.price },
              current_period_start: Math.floor(input.periodStart.getTime() / 1000),
              current_period_end: Math.floor(input.periodEnd.getTime() / 1000),
            },
          ],
        },
      };
      subscriptions.set(id, sub);
      return sub;
    },

    addRefund(charge: string, amount: number): FakeRefund {
      const refund = {
        id: newId('re'),
        object: 'refund' as const,
        charge,
        amount,
        currency: 'usd',
        status: 'succeeded',
        created: Math.floor(now().getTime() / 1000),
      };
      refunds.push(refund);
      return refund;
    },

    /** A webhook delivery as Stripe sends it: the JSON event and its signature header. */
    delivery(
      type: string,
      object: object,
      opts: { created: Date; id?: string; secret?: string },
    ): { id: string; payload: string; signature: string } {
      const id = opts.id ?? newId('evt');
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(opts.created.getTime() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? FAKE_WEBHOOK_SECRET,
      });
      return { id, payload, signature };
    },

    ...followsStripeApi,

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),

    ...trialsApi(),
  };
  return api;
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The environment that points the app's Stripe SDK at the fake. */
export function fakeStripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_wavecast',
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PRICE_CREATOR: 'price_creator',
    STRIPE_PRICE_PRO: 'price_pro',
    STRIPE_PRICE_PREMIUM: 'price_premium',
    STRIPE_PRICE_FAMILY: 'price_family',
    STRIPE_API_URL: fake.url,
  };
}

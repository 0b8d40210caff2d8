import { createHmac } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_MESSAGES } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { webhooksService } from './service';
import { type Resolve, webhookResolver } from './target';

let t: TestApp;
let strict: TestApp;
let receiver: http.Server;
let base: string;
const received: { headers: http.IncomingHttpHeaders; body: string; url?: string }[] = [];
let failNext = 0;

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1', WEBHOOKS_ALLOW_PRIVATE: '1' });
  strict = await createTestApp();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body, url: req.url });
      if (req.url === '/moved') res.writeHead(302, { location: '/followed' }).end();
      else if (failNext > 0) {
        failNext--;
        res.writeHead(500).end('boom');
      } else res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await strict.close();
  await new Promise((r) => receiver.close(r));
});

const call = (app: TestApp, who: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

/** The receiver's check: HMAC-SHA256 over `${t}.${body}` with the endpoint's secret. */
function verify(secret: string, header: string, body: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!m) return false;
  return createHmac('sha256', secret).update(`${m[1]}.${body}`).digest('hex') === m[2];
}

const jobsFor = (deliveryId: string) =>
  t.ctx.database.query<{ max_attempts: number }>(
    `SELECT max_attempts FROM jobs WHERE type = 'webhooks.deliver' AND payload->>'deliveryId' = $1`,
    [deliveryId],
  );

describe('webhooks', () => {
  it('delivers a signed event, retries after a failing receiver, logs attempts, and re-sends', async () => {
    const creator = await signUp(t, { role: 'creator' });
    const created = await call(t, creator, 'POST', '/api/webhooks', { url: `${base}/hook`, events: ['live.started'] });
    expect(created.statusCode).toBe(201);
    const { webhook, secret } = created.json();
    expect(secret).toMatch(/^whsec_/);
    expect(JSON.stringify((await call(t, creator, 'GET', '/api/webhooks')).json())).not.toContain(secret);

    // The event (as the live module publishes it) reaches the bus subscriber; twice is still one delivery.
    const streamId = '8f0b6f52-5a0e-4c55-9d43-4d6ac1f4a001';
    await t.ctx.bus.publish('global', 'live.started', { streamId, userId: creator.id });
    await t.ctx.bus.publish('global', 'live.started', { streamId, userId: creator.id });
    await t.ctx.bus.publish(`live:${streamId}`, 'live.started', { streamId, userId: creator.id });
    let log: { id: string; status: string; attempts: { statusCode: number | null }[] }[] = [];
    // Over Redis on a busy machine the subscriber may take a few seconds.
    for (let i = 0; i < 500 && log.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      log = (await call(t, creator, 'GET', `/api/webhooks/${webhook.id}/deliveries`)).json().items;
    }
    expect(log).toHaveLength(1);
    const deliveryId = log[0].id;
    expect((await jobsFor(deliveryId)).map((j) => j.max_attempts)).toEqual([WEBHOOK_MAX_ATTEMPTS]);

    const service = webhooksService(t.ctx);
    failNext = 1;
    await expect(service.deliver(deliveryId)).rejects.toThrow(/500/);
    await service.deliver(deliveryId); // the queue's retry
    expect(received).toHaveLength(2);
    const last = received[1];
    expect(verify(secret, String(last.headers['wavecast-signature']), last.body)).toBe(true);
    expect(verify('whsec_wrong', String(last.headers['wavecast-signature']), last.body)).toBe(false);
    expect(JSON.parse(last.body)).toMatchObject({ event: 'live.started', data: { streamId } });
    expect(last.headers['wavecast-event']).toBe('live.started');

    log = (await call(t, creator, 'GET', `/api/webhooks/${webhook.id}/deliveries`)).json().items;
    expect(log[0].status).toBe('delivered');
    expect(log[0].attempts.map((a) => a.statusCode)).toEqual([500, 204]);

    const other = await signUp(t, { role: 'creator' });
    expect((await call(t, other, 'POST', `/api/webhooks/deliveries/${deliveryId}/resend`)).statusCode).toBe(404);
    expect((await call(t, other, 'GET', `/api/webhooks/${webhook.id}/deliveries`)).statusCode).toBe(404);
    const resent = await call(t, creator, 'POST', `/api/webhooks/deliveries/${deliveryId}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(await jobsFor(deliveryId)).toHaveLength(2);
    await service.deliver(deliveryId);
    expect(received).toHaveLength(3);
  });

  it('maps the bus events to webhook events for the owner only', async () => {
    const creator = await signUp(t, { role: 'creator' });
    const created = await call(t, creator, 'POST', '/api/webhooks', {
      url: `${base}/all`,
      events: ['track.published', 'track.processed', 'comment.created'],
    });
    const id = created.json().webhook.id;
    const trackId = '8f0b6f52-5a0e-4c55-9d43-4d6ac1f4a002';
    await t.ctx.bus.publish(`user:${creator.id}`, 'track.uploaded', { trackId, userId: creator.id });
    await t.ctx.bus.publish(`user:${creator.id}`, 'track.processed', { trackId, status: 'ready' });
    await t.ctx.bus.publish(`track:${trackId}`, 'track.processed', { trackId, status: 'ready' });
    await t.ctx.bus.publish(`track:${trackId}`, 'comment.created', {
      trackId,
      commentId: '8f0b6f52-5a0e-4c55-9d43-4d6ac1f4a003',
      trackOwnerId: creator.id,
      authorId: 'someone',
    });
    // Not asked for, and someone else's stream.
    await t.ctx.bus.publish('global', 'live.ended', { streamId: trackId, userId: creator.id });
    let events: string[] = [];
    for (let i = 0; i < 500 && events.length < 3; i++) {
      await new Promise((r) => setTimeout(r, 20));
      events = (await call(t, creator, 'GET', `/api/webhooks/${id}/deliveries`))
        .json()
        .items.map((d: { event: string }) => d.event);
    }
    expect(events.sort()).toEqual(['comment.created', 'track.processed', 'track.published']);
  });

  it('refuses http and private, loopback and link-local targets when the switch is off', async () => {
    const creator = await signUp(strict, { role: 'creator' });
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fe80::1]/hook',
      'https://[fd00::1]/hook',
      'https://0.0.0.0/hook',
      'https://192.168.1.10/hook',
      'https://172.16.0.1/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://localhost/hook',
      'http://example.com/hook',
    ]) {
      const res = await call(strict, creator, 'POST', '/api/webhooks', { url, events: ['comment.created'] });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await call(strict, creator, 'GET', '/api/webhooks')).json().items).toHaveLength(0);
    // A listener cannot register webhooks.
    const listener = await signUp(strict);
    const res = await call(strict, listener, 'POST', '/api/webhooks', {
      url: 'https://example.com/h',
      events: ['live.ended'],
    });
    expect(res.statusCode).toBe(403);
  });

  it('connects only to the address its own lookup checked: a name that rebinds to loopback is refused', async () => {
    // A listener on loopback stands for the internal service the name would reach.
    let connections = 0;
    const inside = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((r) => inside.listen(0, '127.0.0.1', r));
    const port = (inside.address() as AddressInfo).port;
    const resolver = webhookResolver(strict.ctx);
    const system = resolver.resolve;
    // The first answer (at registration) is public, every later one is loopback: DNS rebinding.
    const answers: string[] = [];
    resolver.resolve = async (host) => {
      expect(host).toBe('rebind.example.test');
      const address = answers.length === 0 ? '93.184.216.34' : '127.0.0.1';
      answers.push(address);
      return [{ address, family: 4 }];
    };
    try {
      const creator = await signUp(strict, { role: 'creator' });
      const url = `https://rebind.example.test:${port}/hook`;
      const created = await call(strict, creator, 'POST', '/api/webhooks', { url, events: ['comment.created'] });
      expect(created.statusCode).toBe(201);
      const service = webhooksService(strict.ctx);
      await service.emit(creator.id, 'comment.created', 'c-rebind', { commentId: 'c-rebind' });
      const [delivery] = (
        await call(strict, creator, 'GET', `/api/webhooks/${created.json().webhook.id}/deliveries`)
      ).json().items as { id: string }[];

      await expect(service.deliver(delivery.id)).rejects.toThrow(/webhook attempt 1/);
      // Resolved once for the delivery, and that answer is the one checked and refused.
      expect(answers).toEqual(['93.184.216.34', '127.0.0.1']);
      expect(connections).toBe(0);
      const log = (await call(strict, creator, 'GET', `/api/webhooks/${created.json().webhook.id}/deliveries`)).json()
        .items as { attempts: { statusCode: number | null; error: string | null }[] }[];
      expect(log[0].attempts[0]).toMatchObject({ statusCode: null, error: WEBHOOK_MESSAGES.privateTarget });
    } finally {
      resolver.resolve = system;
      await new Promise((r) => inside.close(r));
    }
  });

  it('keeps the name as Host while connecting to the resolved address, and follows no redirect', async () => {
    const port = new URL(base).port;
    const resolver = webhookResolver(t.ctx);
    const system = resolver.resolve;
    const lookups: string[] = [];
    const pinned: Resolve = async (host) => {
      lookups.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    resolver.resolve = pinned;
    try {
      const creator = await signUp(t, { role: 'creator' });
      const service = webhooksService(t.ctx);
      const idOf = async (path: string) => {
        const url = `http://receiver.example.test:${port}${path}`;
        const created = await call(t, creator, 'POST', '/api/webhooks', { url, events: ['live.ended'] });
        expect(created.statusCode).toBe(201);
        return created.json().webhook.id as string;
      };
      const hook = await idOf('/pinned');
      const moved = await idOf('/moved');
      await service.emit(creator.id, 'live.ended', 'pin', { streamId: 'pin' });
      const deliveryOf = async (id: string) =>
        ((await call(t, creator, 'GET', `/api/webhooks/${id}/deliveries`)).json().items as { id: string }[])[0].id;

      const before = received.length;
      await service.deliver(await deliveryOf(hook));
      const got = received.slice(before);
      expect(got.map((r) => r.url)).toEqual(['/pinned']);
      expect(got[0].headers.host).toBe(`receiver.example.test:${port}`);

      await expect(service.deliver(await deliveryOf(moved))).rejects.toThrow(/302/);
      expect(received.slice(before + 1).map((r) => r.url)).toEqual(['/moved']);
      expect(lookups.every((h) => h === 'receiver.example.test')).toBe(true);
    } finally {
      resolver.resolve = system;
    }
  });
});

import { CONTACT_FORM_MESSAGES } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { billing } from '../billing';

let t: TestApp;
let admin: TestUser;
let listener: TestUser;
let ipSeq = 0;
/** Each test sends from its own address so the contact rate limit only bites where it is tested. */
const nextIp = () => `10.0.0.${++ipSeq}`;

const valid = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'Upload stuck at 90%',
  category: 'technical',
  message: 'My FLAC upload stops at 90 percent.',
};

const contact = (payload: unknown, opts: { ip?: string; cookie?: string; origin?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/support/contact',
    payload: payload as object,
    remoteAddress: opts.ip ?? nextIp(),
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.origin ? { origin: opts.origin } : {}),
    },
  });

const count = async (table: string) =>
  Number((await t.ctx.database.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n);

beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@wavecast.test' });
  admin = await signUp(t, { email: 'boss@example.com', role: 'admin' });
  listener = await signUp(t);
});
afterAll(() => t.close());

describe('POST /api/support/contact', () => {
  it('stores the message, confirms it, and mails the sender and the support inbox', async () => {
    const res = await contact({ ...valid, name: '  Grace Hopper  ', role: 'admin' });
    expect(res.statusCode).toBe(201);
    const receipt = res.json();
    expect(receipt.confirmation).toBe(
      'Thanks, Grace Hopper! Your message has been sent. We have emailed a copy to grace@example.com and will reply within 24 hours.',
    );
    const [row] = await t.ctx.database.query<Record<string, unknown>>('SELECT * FROM contact_messages WHERE id = $1', [
      receipt.id,
    ]);
    expect(row).toMatchObject({ ...valid, user_id: null, resolved_at: null });

    await t.ctx.jobs.drain();
    const mails = await t.ctx.database.query<{ to: string; subject: string; text: string }>(
      `SELECT "to", subject, text FROM mail_outbox WHERE "to" IN ('grace@example.com', 'help@wavecast.test') ORDER BY "to"`,
    );
    expect(mails.map((m) => m.to)).toEqual(['grace@example.com', 'help@wavecast.test']);
    expect(mails[0].subject).toBe('We received your message: Upload stuck at 90%');
    expect(mails[0].text).toContain('My FLAC upload stops at 90 percent.');
    expect(mails[1].subject).toBe('[Contact · Technical Support] Upload stuck at 90%');
    expect(mails[1].text).toContain('From: Grace Hopper <grace@example.com>');
    expect(mails[1].text).toContain('/admin/messages');
  });

  it('links the message to a signed-in sender', async () => {
    const res = await contact({ ...valid, category: 'account' }, { cookie: listener.cookie });
    expect(res.statusCode).toBe(201);
    const [row] = await t.ctx.database.query<{ user_id: string }>(
      'SELECT user_id FROM contact_messages WHERE id = $1',
      [res.json().id],
    );
    expect(row.user_id).toBe(listener.id);
  });

  it("marks a Pro creator's message as priority: its mail says so and admins see it first", async () => {
    const pro = await signUp(t, { role: 'creator' });
    await billing(t.ctx).subscriptions.grant({ id: pro.id, role: 'creator' }, 'pro', 'test');
    const plain = await contact({ ...valid, subject: 'Plain' }, { cookie: listener.cookie });
    const urgent = await contact({ ...valid, subject: 'Urgent', email: 'pro@example.com' }, { cookie: pro.cookie });
    const flags = await t.ctx.database.query<{ id: string; priority: boolean }>(
      'SELECT id, priority FROM contact_messages WHERE id IN ($1, $2)',
      [plain.json().id, urgent.json().id],
    );
    expect(Object.fromEntries(flags.map((f) => [f.id, f.priority]))).toEqual({
      [plain.json().id]: false,
      [urgent.json().id]: true,
    });
    await t.ctx.jobs.drain();
    const [mail] = await t.ctx.database.query<{ subject: string }>(
      `SELECT subject FROM mail_outbox WHERE "to" = 'help@wavecast.test' AND subject LIKE '%Urgent'`,
    );
    expect(mail.subject).toBe('[Priority · Contact · Technical Support] Urgent');
    const list = await t.app.inject({
      url: '/api/admin/contact-messages?status=all',
      headers: { cookie: admin.cookie },
    });
    expect(list.json().items[0]).toMatchObject({ subject: 'Urgent', priority: true });
    // The listing tests below count on newest-first order.
    await t.ctx.database.query('DELETE FROM contact_messages WHERE id = $1', [urgent.json().id]);
  });

  it.each([
    ['name', { name: '   ' }, CONTACT_FORM_MESSAGES.nameRequired],
    ['email', { email: '' }, CONTACT_FORM_MESSAGES.emailRequired],
    ['email', { email: 'not-an-email' }, CONTACT_FORM_MESSAGES.emailInvalid],
    ['subject', { subject: '' }, CONTACT_FORM_MESSAGES.subjectRequired],
    ['category', { category: 'spam' }, CONTACT_FORM_MESSAGES.categoryRequired],
    ['category', { category: undefined }, CONTACT_FORM_MESSAGES.categoryRequired],
    ['message', { message: '' }, CONTACT_FORM_MESSAGES.messageRequired],
    ['message', { message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
  ])('rejects a bad %s with a clear message and stores nothing', async (_field, change, message) => {
    const before = await count('contact_messages');
    const res = await contact({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await count('contact_messages')).toBe(before);
  });

  it('refuses a cross-site post', async () => {
    const res = await contact(valid, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });

  it('allows 5 messages per 10 minutes from one address, then answers 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await contact(valid, { ip })).statusCode).toBe(201);
    const before = await count('contact_messages');
    const limited = await contact(valid, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(await count('contact_messages')).toBe(before);
    // another address is not affected
    expect((await contact(valid)).statusCode).toBe(201);
  });
});

describe('admin contact messages', () => {
  it('is for admins only: 401 for visitors, 403 for other roles', async () => {
    const visitor = await t.app.inject({ url: '/api/admin/contact-messages' });
    expect(visitor.statusCode).toBe(401);
    const other = await t.app.inject({ url: '/api/admin/contact-messages', headers: { cookie: listener.cookie } });
    expect(other.statusCode).toBe(403);
    const creator = await signUp(t, { role: 'creator' });
    const resolve = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contact-messages/00000000-0000-4000-8000-000000000000/resolve',
      headers: { cookie: creator.cookie },
    });
    expect(resolve.statusCode).toBe(403);
  });

  it('lists newest first, filters open and resolved, and resolves', async () => {
    const first = (await contact({ ...valid, subject: 'Older' })).json();
    await new Promise((r) => setTimeout(r, 5));
    const second = (await contact({ ...valid, subject: 'Newer', category: 'content' })).json();
    const list = (status: string, extra = '') =>
      t.app.inject({ url: `/api/admin/contact-messages?status=${status}${extra}`, headers: { cookie: admin.cookie } });

    const open = (await list('open')).json();
    expect(open.items[0]).toMatchObject({ id: second.id, subject: 'Newer', category: 'content', status: 'open' });
    expect(open.items[1]).toMatchObject({ id: first.id, subject: 'Older' });
    const times = open.items.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(open.total).toBe(await count('contact_messages'));

    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contact-messages/${first.id}/resolve`,
      headers: { cookie: admin.cookie },
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ id: first.id, status: 'resolved' });
    const resolvedAt = resolved.json().resolvedAt;
    expect(resolvedAt).toEqual(expect.any(String));
    // resolving again keeps the first time
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contact-messages/${first.id}/resolve`,
      headers: { cookie: admin.cookie },
    });
    expect(again.json().resolvedAt).toBe(resolvedAt);

    const openAfter = (await list('open')).json();
    expect(openAfter.items.map((m: { id: string }) => m.id)).not.toContain(first.id);
    expect(openAfter.total).toBe(open.total - 1);
    const resolvedList = (await list('resolved')).json();
    expect(resolvedList.items.map((m: { id: string }) => m.id)).toEqual([first.id]);
    const all = (await list('all')).json();
    expect(all.total).toBe(open.total);
  });

  it('pages with limit and offset', async () => {
    const total = (
      await t.app.inject({ url: '/api/admin/contact-messages?status=all', headers: { cookie: admin.cookie } })
    ).json().total;
    const page1 = (
      await t.app.inject({ url: '/api/admin/contact-messages?status=all&limit=2', headers: { cookie: admin.cookie } })
    ).json();
    expect(page1.items).toHaveLength(2);
    expect(page1.nextOffset).toBe(2);
    const last = (
      await t.app.inject({
        url: `/api/admin/contact-messages?status=all&limit=2&offset=${total - 1}`,
        headers: { cookie: admin.cookie },
      })
    ).json();
    expect(last.items).toHaveLength(1);
    expect(last.nextOffset).toBeNull();
  });

  it('answers 404 for an unknown message and 400 for a malformed id', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contact-messages/00000000-0000-4000-8000-000000000000/resolve',
      headers: { cookie: admin.cookie },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contact-messages/nope/resolve',
      headers: { cookie: admin.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});

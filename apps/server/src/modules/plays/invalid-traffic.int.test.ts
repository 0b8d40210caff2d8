import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { monthBounds, monthOf } from '../earnings/month';
import { earningsService } from '../earnings/service';

// Invalid traffic in plays (ADR 0072): a listen report from a bot, a script or a data-centre
// address is kept with its reason and never counted, so the track's play count, the creator's
// analytics and the earnings close all leave it out (the same plays everywhere); an ordinary
// browser, from loopback too (ADS_LOOPBACK_INVALID is off), still counts.

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HOUR = 3_600_000;

let t: TestApp;
let x: TestUser; // creator X: heard by people
let y: TestUser; // creator Y: "heard" by bots and a data centre
let trackX: string;
let trackY: string;
let month: string;
const q = async <T>(text: string, params: unknown[] = []) => (await t.ctx.database.query(text, params)) as T[];

/** A play report of `seconds` (5-second buckets from the start) from a client (user agent, address). */
function report(
  u: TestUser | null,
  trackId: string,
  seconds: number,
  client: { ua?: string; ip?: string } = {},
  sessionId: string | null = randomUUID(),
) {
  const headers: Record<string, string> = { origin: t.ctx.config.PUBLIC_URL };
  if (u) headers.cookie = u.cookie;
  headers['user-agent'] = client.ua ?? CHROME;
  if (client.ip) headers['x-forwarded-for'] = client.ip;
  return t.app.inject({
    method: 'POST',
    url: '/api/plays',
    headers,
    payload: {
      trackId,
      secondsListened: seconds,
      ...(sessionId
        ? { listen: { sessionId, buckets: Array.from({ length: seconds / 5 }, (_, i) => i), source: 'home' } }
        : {}),
    },
  });
}

async function counted(...args: Parameters<typeof report>): Promise<boolean> {
  const res = await report(...args);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().counted;
}

const playCount = async (trackId: string) =>
  (await q<{ n: number }>('SELECT play_count AS n FROM audio_content WHERE id = $1', [trackId]))[0]?.n;
const sessions = (trackId: string) =>
  q<{ ivt_reason: string | null; counted: boolean }>(
    'SELECT ivt_reason, counted FROM listen_sessions WHERE audio_id = $1 ORDER BY created_at, ivt_reason',
    [trackId],
  );
const analytics = async (u: TestUser) =>
  (await t.app.inject({ url: '/api/analytics?days=7', headers: { cookie: u.cookie } })).json();

/** A $9.99 Premium payment of `userId` now (what the close splits). */
const pay = (userId: string) =>
  q(
    `INSERT INTO payments (user_id, kind, purpose, amount_cents, plan_id, external_id, invoice_id, occurred_at)
     VALUES ($1, 'paid', 'subscription', 999, 'premium', $2, $3, $4)`,
    [userId, `ivt-${randomUUID()}:paid`, `ivt-in-${randomUUID()}`, t.ctx.clock.now().toISOString()],
  );

beforeAll(async () => {
  t = await createTestApp({
    // Requests name their address (a proxy's header), so a data-centre range can be tested; without
    // the header the socket's loopback address is the client's.
    TRUST_PROXY_HEADER: 'x-forwarded-for',
    ADS_DATACENTRE_CIDRS: '203.0.113.0/24, 2001:db8::/32',
  });
  t.ctx.clock.freeze();
  month = monthOf(t.ctx.clock.now());
  x = await signUp(t, { name: 'Heard Creator', role: 'creator' });
  y = await signUp(t, { name: 'Botted Creator', role: 'creator' });
  trackX = await seedTrack(t.ctx.database.db, x.id, { title: 'People song', duration: 300 });
  trackY = await seedTrack(t.ctx.database.db, y.id, { title: 'Bot song', duration: 300 });
});
afterAll(async () => {
  await t?.close();
});

describe('invalid traffic in plays', () => {
  it('keeps a bot’s or a data centre’s session with its reason and never counts it; a browser still counts', async () => {
    const fan = await signUp(t, { name: 'Fan' });
    const dc = await signUp(t, { name: 'Cloud Listener' });
    const crawler = await signUp(t, { name: 'Crawler Account' });
    expect(await counted(fan, trackY, 120, { ua: 'curl/8.0' })).toBe(false);
    expect(await counted(crawler, trackY, 120, { ua: BOT })).toBe(false);
    expect(await counted(dc, trackY, 120, { ip: '203.0.113.7' })).toBe(false);
    expect(await counted(dc, trackY, 120, { ip: '::ffff:203.0.113.8' })).toBe(false);
    expect(await counted(crawler, trackY, 120, { ua: '' })).toBe(false); // an empty user agent
    // A report without heard buckets (no session) from a script: not counted either.
    expect(await counted(fan, trackY, 120, { ua: 'python-requests/2.31.0' }, null)).toBe(false);
    // An anonymous script with a listener cookie it kept.
    const first = await report(null, trackY, 120, { ua: 'curl/8.0' });
    const cookie = String(first.headers['set-cookie']).split(';')[0] as string;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/plays',
      headers: { cookie, 'user-agent': 'curl/8.0', origin: t.ctx.config.PUBLIC_URL },
      payload: { trackId: trackY, secondsListened: 120, listen: { sessionId: randomUUID(), buckets: [0, 1] } },
    });
    expect(again.json().counted).toBe(false);

    expect(await playCount(trackY)).toBe(0);
    expect(await q('SELECT 1 FROM listen_events WHERE audio_id = $1', [trackY])).toHaveLength(0);
    const kept = await sessions(trackY);
    expect(kept.map((s) => s.ivt_reason).sort()).toEqual([
      'data-centre',
      'data-centre',
      'known-bot',
      'known-bot',
      'known-bot',
      'known-bot',
    ]);
    expect(kept.every((s) => !s.counted)).toBe(true);

    // The same listener in an ordinary browser, from loopback and from an ordinary address: counted.
    expect(await counted(fan, trackX, 60)).toBe(true);
    expect(await counted(dc, trackX, 60, { ip: '198.51.100.20' })).toBe(true);
    expect(await playCount(trackX)).toBe(2);
    expect((await sessions(trackX)).map((s) => [s.ivt_reason, s.counted])).toEqual([
      [null, true],
      [null, true],
    ]);
  });

  it('a session is judged by its first report: a bot’s never counts later, a browser’s is not spoiled by a bot', async () => {
    const listener = await signUp(t, { name: 'Mixed' });
    const botSession = randomUUID();
    expect(await counted(listener, trackY, 60, { ua: 'curl/8.0' }, botSession)).toBe(false);
    // The same session id replayed from a browser: still the bot's session, never counted.
    expect(await counted(listener, trackY, 60, {}, botSession)).toBe(false);
    // A browser's session under the threshold, then a script's report of it past the threshold: not
    // counted (the script is invalid traffic); the browser's own report past it counts.
    const session = randomUUID();
    expect(await counted(listener, trackX, 10, {}, session)).toBe(false);
    expect(await counted(listener, trackX, 60, { ua: 'curl/8.0' }, session)).toBe(false);
    expect(await counted(listener, trackX, 60, {}, session)).toBe(true);
    expect(await playCount(trackY)).toBe(0);
  });

  it('the database refuses a counted session with an ivt reason', async () => {
    const [s] = await q<{ id: string }>('SELECT id FROM listen_sessions WHERE ivt_reason IS NOT NULL LIMIT 1');
    await expect(q('UPDATE listen_sessions SET counted = true WHERE id = $1', [s?.id])).rejects.toThrow();
  });

  it('bad client facts are safe: odd addresses and very long user agents are answered, never a 500', async () => {
    const odd = await signUp(t, { name: 'Odd' });
    for (const ip of ['not-an-ip', '999.1.1.1', 'fe80::1%eth0', ' , ', 'x'.repeat(2_000)]) {
      const res = await report(odd, trackX, 60, { ip });
      expect(res.statusCode, ip).toBe(200);
    }
    const long = await report(odd, trackX, 60, { ua: `${CHROME} ${'z'.repeat(8_000)}` });
    expect(long.statusCode).toBe(200);
    const longBot = await report(odd, trackX, 60, { ua: `curl/8.0 ${'z'.repeat(8_000)}` });
    expect(longBot.statusCode).toBe(200);
    expect(longBot.json().counted).toBe(false);
  });

  it('the creator’s analytics show only the counted plays', async () => {
    const ya = await analytics(y);
    expect(ya.totals.plays.value).toBe(0);
    expect(ya.totals.listeners.value).toBe(0);
    const track = await t.app.inject({ url: `/api/analytics/tracks/${trackY}?days=7`, headers: { cookie: y.cookie } });
    expect(track.statusCode).toBe(200);
    expect(track.json()).toMatchObject({ plays: 0, listeners: 0, secondsListened: 0 });
    // X: the fan, the cloud listener (from an ordinary address), the mixed listener, and the odd
    // listener's first counted report (its others in the window are the same play).
    const xa = await analytics(x);
    expect(xa.totals.plays.value).toBe(4);
    expect(xa.totals.plays.value).toBe(await playCount(trackX));
  });

  it('the month close pays for people’s listening only: a bot’s listening earns nothing', async () => {
    // Two Premium subscribers: `a` hears X for 60 s in a browser and Y for 240 s through a script;
    // `b` hears only Y, from a data centre. Without the filter Y would earn 4/5 of a's share and all of b's.
    const a = await signUp(t, { name: 'Subscriber A' });
    const b = await signUp(t, { name: 'Subscriber B' });
    await pay(a.id);
    await pay(b.id);
    expect(await counted(a, trackX, 60)).toBe(true);
    expect(await counted(a, trackY, 240, { ua: 'curl/8.0' })).toBe(false);
    expect(await counted(b, trackY, 240, { ip: '2001:db8::42' })).toBe(false);

    t.ctx.clock.advance(monthBounds(month).end.getTime() + 3 * HOUR - t.ctx.clock.now().getTime());
    const s = earningsService(t.ctx);
    const closed = await s.closeMonth(month);
    // Each $9.99 − fee (59¢) = 940¢; 30 % to the platform: 282 + 658. a's 658 all to X (its only
    // counted listening); b heard nothing counted: its creators' part stays with the platform.
    expect(closed).toMatchObject({
      month,
      closed: true,
      subscriptionNetCents: 1880,
      creatorsCents: 658,
      platformCents: 1222,
      subscribers: 2,
      listeningSubscribers: 1,
      creators: 1,
    });
    const ledger = await q<{ creator_id: string; audio_id: string; cents: number }>(
      `SELECT creator_id, audio_id, amount_cents::float8 AS cents FROM earnings_ledger WHERE month = $1`,
      [month],
    );
    expect(ledger).toEqual([{ creator_id: x.id, audio_id: trackX, cents: 658 }]);
    expect(await s.creatorMonth(y.id, month)).toBeNull();
    expect(await s.creatorMonth(x.id, month)).toMatchObject({ earnedCents: 658, plays: 1, heardSeconds: 60 });
    expect(await q('SELECT 1 FROM earnings_listening WHERE audio_id = $1', [trackY])).toHaveLength(0);
  });
});

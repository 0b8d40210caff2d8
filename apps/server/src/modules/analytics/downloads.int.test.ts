import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';

// IAB Podcast Measurement v2.1 on the enclosure route: rolling 24 h per IP (/64) + UA, a minute of
// audio, the bytes=0-1 probe ignored, partial ranges summed, OPAWG bots excluded.
let t: TestApp;
let creator: TestUser;
let long: string; // 120 s, 120 000 bytes: a minute = 60 000 bytes
let short: string; // 30 s, 30 000 bytes: the whole file
const APP_UA = 'AppleCoreMedia/1.0.0.20E247 (iPhone; U; CPU OS 16_4 like Mac OS X; en_us)';
const BOT_UA = 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)';

async function seedFile(id: string, bytes: number) {
  const key = `audio/${creator.id}/${id}.mp3`;
  await t.ctx.storage.put(key, Readable.from([Buffer.alloc(bytes, 1)]), { contentType: 'audio/mpeg' });
  return key;
}

function fetchEnc(track: string, ip: string, range?: string, ua = APP_UA) {
  return t.app.inject({
    method: 'GET',
    url: `/api/podcasts/enclosures/${track}/episode.mp3`,
    headers: { 'x-forwarded-for': ip, 'user-agent': ua, ...(range ? { range } : {}) },
  });
}

async function downloads() {
  const res = await t.app.inject({ url: '/api/analytics?days=7', headers: { cookie: creator.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const per = Object.fromEntries(
    (body.tracks as { trackId: string; downloads: number }[]).map((r) => [r.trackId, r.downloads]),
  );
  return { total: body.totals.downloads.value as number, long: per[long], short: per[short] };
}

const advance = (ms: number) => t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: ms } });

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1', TRUST_PROXY_HEADER: 'x-forwarded-for' });
  creator = await signUp(t, { name: 'Podcaster', role: 'creator' });
  long = await seedTrack(t.ctx.database.db, creator.id, { title: 'Long', duration: 120, audioBytes: 120_000 });
  short = await seedTrack(t.ctx.database.db, creator.id, { title: 'Short', duration: 30, audioBytes: 30_000 });
  await seedFile(long, 120_000);
  await seedFile(short, 30_000);
});
afterAll(() => t.close());

describe('podcast downloads (IAB v2.1)', () => {
  it('ignores the 0-1 probe, sums partial ranges to a minute, and counts once per client in 24 h', async () => {
    expect((await fetchEnc(long, '10.0.0.1', 'bytes=0-1')).statusCode).toBe(206);
    expect((await downloads()).long).toBe(0);
    // 40 000 bytes: under a minute (60 000) → not yet.
    expect((await fetchEnc(long, '10.0.0.1', 'bytes=0-39999')).statusCode).toBe(206);
    expect((await downloads()).long).toBe(0);
    // + 20 000 = 60 000: a minute of audio → one download.
    await fetchEnc(long, '10.0.0.1', 'bytes=40000-59999');
    expect((await downloads()).long).toBe(1);
    // The same client again, whole file, within 24 h: still one.
    await fetchEnc(long, '10.0.0.1');
    await advance(23 * 3600_000);
    await fetchEnc(long, '10.0.0.1');
    expect((await downloads()).long).toBe(1);
    // Rolling: 24 h after the window opened (not at midnight) a new fetch counts again.
    await advance(2 * 3600_000);
    await fetchEnc(long, '10.0.0.1');
    expect((await downloads()).long).toBe(2);
  });

  it('the one-minute rule: under a minute of a long file is no download; a short file needs all of it', async () => {
    await fetchEnc(long, '10.0.0.2', 'bytes=0-59998'); // 59 999 bytes
    await fetchEnc(short, '10.0.0.2', 'bytes=0-28999'); // 29 000 of 30 000
    const before = await downloads();
    await fetchEnc(short, '10.0.0.3'); // the whole short file
    const after = await downloads();
    expect(after.short).toBe(before.short + 1);
    expect(after.long).toBe(before.long);
    await fetchEnc(short, '10.0.0.2', 'bytes=29000-29999'); // completes 10.0.0.2's short file
    expect((await downloads()).short).toBe(before.short + 2);
  });

  it('IPv6 is cut to /64; another user agent is another client; known bots never count', async () => {
    const before = (await downloads()).short;
    await fetchEnc(short, '2001:db8:aa:bb:1::1');
    await fetchEnc(short, '2001:db8:aa:bb:ffff:2:3:4'); // same /64 → same client
    expect((await downloads()).short).toBe(before + 1);
    await fetchEnc(short, '2001:db8:aa:cc::1'); // another /64
    await fetchEnc(short, '2001:db8:aa:bb:1::1', undefined, 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)');
    expect((await downloads()).short).toBe(before + 3);
    for (const ua of [BOT_UA, '']) {
      expect((await fetchEnc(short, '10.9.9.9', undefined, ua)).statusCode).toBe(200);
    }
    const after = await downloads();
    expect(after.short).toBe(before + 3);
    expect(after.total).toBe(after.short + after.long);
  });

  it("the feed's enclosure, under the episode's own file name (<slug>-<id>.mp3), counts the same", async () => {
    const feed = await t.app.inject({ url: `/feeds/creators/${creator.id}.xml` });
    const url = new RegExp(
      `<enclosure url="[^"]*(/api/podcasts/enclosures/${short}/short-${short}\\.mp3\\?v=[^"]+)"`,
    ).exec(feed.body)?.[1];
    expect(url).toBeTruthy();
    const before = (await downloads()).short;
    const res = await t.app.inject({
      url: url ?? '',
      headers: { 'x-forwarded-for': '10.7.7.7', 'user-agent': APP_UA },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(30_000);
    expect((await downloads()).short).toBe(before + 1);
  });

  it('rollups are idempotent', async () => {
    const before = await downloads();
    const { analyticsService } = await import('./service');
    await analyticsService(t.ctx).rollup();
    await analyticsService(t.ctx).rollup();
    expect(await downloads()).toEqual(before);
  });
});

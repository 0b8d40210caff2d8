import {
  AFFILIATE_TIERS,
  commissionCents,
  effectiveSchedule,
  PAYOUT_SCHEDULE_LABELS,
  PRICING_AFFILIATE_TIERS,
  tierFor,
} from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import {
  attributionCookie,
  continuePage,
  followedByUser,
  isBot,
  readCookie,
  safeRedirect,
  sameMailbox,
  signAttribution,
  verifyAttribution,
} from './link';

const SECRET = 'unit-test-secret';
const DAY = 86_400_000;

describe('the attribution cookie', () => {
  const at = new Date('2026-11-24T10:00:00Z');
  const value = signAttribution(SECRET, { affiliateId: 'aff_1', campaign: 'spring', clickedAt: at });

  it('round-trips inside 30 days and expires after', () => {
    expect(verifyAttribution(SECRET, value, new Date(at.getTime() + 29 * DAY))).toEqual({
      affiliateId: 'aff_1',
      campaign: 'spring',
      clickedAt: at,
    });
    expect(verifyAttribution(SECRET, value, new Date(at.getTime() + 31 * DAY))).toBeNull();
  });

  it('refuses any change, another secret and garbage', () => {
    const [id, c, t, mac] = value.split('.');
    for (const bad of [
      `aff_2.${c}.${t}.${mac}`,
      `${id}.other.${t}.${mac}`,
      `${id}.${c}.${Number(t) + 1}.${mac}`,
      `${id}.${c}.${t}.${mac.slice(1)}`,
      `${id}.${c}.${t}`,
      '',
      'x'.repeat(1000),
    ]) {
      expect(verifyAttribution(SECRET, bad, at), bad).toBeNull();
    }
    expect(verifyAttribution('another-secret', value, at)).toBeNull();
  });

  it('is HttpOnly, SameSite=Lax, 30 days, Secure only over https', () => {
    expect(attributionCookie('v', false)).toBe('wc_ref=v; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax');
    expect(attributionCookie('v', true)).toMatch(/; Secure$/);
    expect(readCookie('a=1; wc_ref=abc.def; b=2')).toBe('abc.def');
    expect(readCookie('a=1')).toBeUndefined();
  });
});

describe('the redirect target', () => {
  it('keeps paths of this site only', () => {
    expect(safeRedirect('/pricing?x=1#y')).toBe('/pricing?x=1#y');
    for (const bad of [
      '//evil.test',
      '/\\evil.test',
      'https://evil.test',
      '/\t/evil.test',
      '/\n/evil',
      'evil',
      '',
      42,
      undefined,
      ['/a'],
    ]) {
      expect(safeRedirect(bad), String(bad)).toBe('/');
    }
  });
});

describe('bots, mailboxes, tiers and rounding', () => {
  it('knows bots from the OPAWG list and agentless clients', () => {
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isBot(undefined)).toBe(true);
    expect(
      isBot('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'),
    ).toBe(false);
  });

  it('sees the same mailbox through case and +tags', () => {
    expect(sameMailbox('Ann@Example.org', 'ann+promo@example.org')).toBe(true);
    expect(sameMailbox('ann@example.org', 'anna@example.org')).toBe(false);
  });

  it('tiers at 25 and 100 active referrals; commissions rounded half up to the cent', () => {
    expect([0, 24, 25, 99, 100].map((n) => tierFor(n).id)).toEqual(['bronze', 'bronze', 'silver', 'silver', 'gold']);
    expect(commissionCents(999, 1500)).toBe(150); // 149.85
    expect(commissionCents(1499, 1500)).toBe(225); // 224.85
    expect(commissionCents(1900, 2000)).toBe(380);
    expect(commissionCents(10, 1500)).toBe(2); // 1.5 → 2 (half up)
    expect(commissionCents(-999, 1500)).toBe(-150);
  });
});

describe('a link the browser followed itself', () => {
  const nav = { mode: 'navigate', dest: 'document' };
  it('is a user-started top-level navigation from no page or this site', () => {
    expect(followedByUser({ site: 'none', user: '?1', ...nav })).toBe(true);
    expect(followedByUser({ site: 'same-origin', user: '?1', ...nav })).toBe(true);
    expect(followedByUser({ site: 'cross-site', user: '?1', ...nav })).toBe(false);
    expect(followedByUser({ site: 'same-site', user: '?1', ...nav })).toBe(false);
    expect(followedByUser({ site: 'none', ...nav })).toBe(false);
    expect(followedByUser({ site: 'none', user: '?1', mode: 'no-cors', dest: 'image' })).toBe(false);
    expect(followedByUser({ site: 'none', user: '?1', mode: 'navigate', dest: 'iframe' })).toBe(false);
    expect(followedByUser({})).toBe(false);
  });

  it('the continue page keeps the link as text', () => {
    expect(continuePage('/ref/a?c="><script>&to=/x')).toContain(
      '<a href="/ref/a?c=&quot;&gt;&lt;script&gt;&amp;to=/x">Continue to Wavecast</a>',
    );
  });
});

describe('payout frequency by tier', () => {
  it('is the pricing page’s: Bronze monthly, Silver bi-weekly, Gold weekly; a dropped tier falls back', () => {
    expect(AFFILIATE_TIERS.map((t) => PAYOUT_SCHEDULE_LABELS[t.payout])).toEqual(
      PRICING_AFFILIATE_TIERS.map((t) => t.payout),
    );
    expect(effectiveSchedule('weekly', 'monthly')).toBe('monthly');
    expect(effectiveSchedule('biweekly', 'weekly')).toBe('biweekly');
  });
});

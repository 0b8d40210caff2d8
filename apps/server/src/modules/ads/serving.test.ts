import { campaignProblems, formatMicros, impressionPriceMicros } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { paceFraction, publicAdvertiserName, vastErrorCode } from './serving';
import { vastDuration, vastXml } from './vast';

describe('pacing', () => {
  it('lets a campaign spend the day so far plus an hour of its daily budget', () => {
    expect(paceFraction(new Date('2026-01-01T00:00:00Z'))).toBeCloseTo(1 / 24);
    expect(paceFraction(new Date('2026-01-01T11:00:00Z'))).toBeCloseTo(0.5);
    expect(paceFraction(new Date('2026-01-01T23:30:00Z'))).toBe(1);
  });
});

describe('money', () => {
  it('prices an impression at CPM / 1000 in micro-dollars', () => {
    expect(impressionPriceMicros(5_000_000)).toBe(5_000);
    expect(impressionPriceMicros(2_500_000)).toBe(2_500);
    expect(formatMicros(5_000)).toBe('$0.0050');
    expect(formatMicros(12_345_678)).toBe('$12.35');
  });

  it('refuses bids outside the format range and budgets below one impression', () => {
    const ok = {
      name: 'x',
      format: 'sponsored' as const,
      clickUrl: 'https://a.b',
      categories: [],
      contentTypes: ['live' as const],
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: null,
      totalBudgetMicros: 50_000,
      dailyBudgetMicros: 50_000,
      cpmMicros: 50_000_000,
      sponsoredText: 'Hi',
    };
    expect(campaignProblems(ok)).toEqual([]);
    expect(
      campaignProblems({ ...ok, totalBudgetMicros: 49_999, dailyBudgetMicros: 49_999 }).map((p) => p.path),
    ).toEqual(['totalBudgetMicros', 'dailyBudgetMicros']);
    expect(campaignProblems({ ...ok, cpmMicros: 9_990_000 })[0].path).toBe('cpmMicros');
    expect(campaignProblems({ ...ok, format: 'display' })[0].path).toBe('cpmMicros');
  });
});

describe('VAST', () => {
  it('writes durations and escapes CDATA ends', () => {
    expect(vastDuration(20.5)).toBe('00:00:20.500');
    const xml = vastXml({
      id: 'a',
      campaignId: 'b',
      format: 'audio',
      title: 'x]]><evil/>',
      mediaUrl: 'https://m',
      mime: 'audio/mp4',
      durationSeconds: 15,
      width: null,
      height: null,
      text: null,
      clickUrl: 'https://c',
      errorUrl: 'https://e?code=[ERRORCODE]',
      creativeId: 'b/<c>',
      tracking: { impression: 'i', firstQuartile: 'f', midpoint: 'm', thirdQuartile: 't', complete: 'c' },
    });
    expect(xml).not.toContain(']]><evil/>');
    expect(xml).toContain('<UniversalAdId idRegistry="wavecast.creatives">b/&lt;c&gt;</UniversalAdId>');
    expect(xml).toContain('<Error><![CDATA[https://e?code=[ERRORCODE]]]></Error>');
    expect(vastXml(null)).toContain('<VAST version="4.1" xmlns="http://www.iab.com/VAST"></VAST>');
  });

  it('reads a reported VAST error code, 900 for anything not a code', () => {
    expect(vastErrorCode('405')).toBe(405);
    expect(vastErrorCode('100')).toBe(100);
    for (const bad of [undefined, '', '[ERRORCODE]', '99', '1000', '4o5', '-405', '40.5']) {
      expect(vastErrorCode(bad)).toBe(900);
    }
  });

  it('names the advertiser publicly, never an empty name', () => {
    expect(publicAdvertiserName('Acme Audio')).toBe('Acme Audio');
    expect(publicAdvertiserName('  ')).toBe('Advertiser');
    expect(publicAdvertiserName(null)).toBe('Advertiser');
  });
});

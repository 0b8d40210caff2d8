import { describe, expect, it } from 'vitest';
import { campaignsCsv, deliveryIssue, presentCampaign } from './presenter';
import type { CampaignRow } from './repo';

const row = (over: Partial<CampaignRow> = {}): CampaignRow =>
  ({
    id: 'c1',
    advertiserId: 'a1',
    name: '=cmd',
    format: 'audio',
    status: 'active',
    clickUrl: 'https://example.com',
    categories: [],
    contentTypes: ['on-demand'],
    startsAt: new Date(0),
    endsAt: null,
    totalBudgetMicros: 10_000_000,
    dailyBudgetMicros: 1_000_000,
    cpmMicros: 5_000_000,
    sponsoredText: null,
    creativeKey: null,
    reviewNote: null,
    impressions: 4,
    clicks: 1,
    spentMicros: 20_000,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...over,
  }) as CampaignRow;

describe('delivery issue', () => {
  it('is told for an active campaign whose balance is below one impression, exactly at its price not', () => {
    expect(deliveryIssue(row(), 4_999)).toBe('balance_too_low');
    expect(deliveryIssue(row(), 5_000)).toBeNull();
    expect(deliveryIssue(row({ status: 'paused' }), 0)).toBeNull();
    expect(deliveryIssue(row(), undefined)).toBeNull();
  });
});

describe('quartiles', () => {
  it('are the impressions and the reports of audio campaigns, null for others, in the CSV too', () => {
    const audio = presentCampaign(row(), {
      quartiles: { firstQuartile: 3, midpoint: 2, thirdQuartile: 2, complete: 1 },
      balanceMicros: 0,
    });
    expect(audio.stats.quartiles).toEqual({
      started: 4,
      firstQuartile: 3,
      midpoint: 2,
      thirdQuartile: 2,
      complete: 1,
      completionRate: 0.25,
    });
    expect(presentCampaign(row({ impressions: 0 })).stats.quartiles?.completionRate).toBe(0);
    const display = presentCampaign(row({ id: 'c2', format: 'display' }));
    expect(display.stats.quartiles).toBeNull();
    const [head, a, d] = campaignsCsv([audio, display]).trim().split('\n');
    expect(head.split(',').slice(-7)).toEqual([
      'delivery',
      'audio_started',
      'audio_q25',
      'audio_q50',
      'audio_q75',
      'audio_complete',
      'audio_completion_rate',
    ]);
    expect(a.split(',').slice(-7)).toEqual(['balance_too_low', '4', '3', '2', '2', '1', '0.2500']);
    expect(a.split(',')[1]).toBe("'=cmd");
    expect(d.split(',').slice(-7)).toEqual(['', '', '', '', '', '', '']);
  });
});

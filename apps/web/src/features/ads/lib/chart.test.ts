import { describe, expect, it } from 'vitest';
import { fillDays, niceTicks, shortDay } from './chart';

const day = (d: string, impressions: number) => ({ day: d, impressions, clicks: 0, spentMicros: impressions * 5000 });

describe('the impressions chart', () => {
  it('shows every day of the window, quiet days as zero', () => {
    const filled = fillDays([day('2026-11-20', 7), day('2026-11-26', 3)], '2026-11-27', 14);
    expect(filled).toHaveLength(14);
    expect(filled[0].day).toBe('2026-11-14');
    expect(filled.at(-1)?.day).toBe('2026-11-27');
    expect(filled.map((d) => d.impressions).reduce((a, b) => a + b, 0)).toBe(10);
    expect(filled.find((d) => d.day === '2026-11-20')?.impressions).toBe(7);
    expect(filled.find((d) => d.day === '2026-11-21')?.impressions).toBe(0);
  });

  it('ends at the latest day with figures when that is after today (another clock)', () => {
    expect(fillDays([day('2026-12-02', 1)], '2026-11-27', 3).map((d) => d.day)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('labels the count axis with round ticks from zero past the largest bar', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(shortDay('2026-11-27')).toBe('Nov 27');
  });
});

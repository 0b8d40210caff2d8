import { describe, expect, it } from 'vitest';
import { addBusinessDays } from './business-days';

describe('addBusinessDays', () => {
  it('skips weekends', () => {
    // Tuesday 2026-11-24 + 10 business days = Tuesday 2026-12-08.
    expect(addBusinessDays(new Date('2026-11-24T10:00:00Z'), 10).toISOString()).toBe('2026-12-08T10:00:00.000Z');
    // Friday + 1 = Monday.
    expect(addBusinessDays(new Date('2026-11-27T10:00:00Z'), 1).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    // Saturday + 1 = Monday.
    expect(addBusinessDays(new Date('2026-11-28T10:00:00Z'), 1).toISOString()).toBe('2026-11-30T10:00:00.000Z');
  });
});

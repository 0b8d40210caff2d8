import { EARNINGS_RULES } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { RULE_TEXT } from './revenue-share-text';

describe('the revenue share’s rule texts', () => {
  it('say what each rule splits by, and where ads go', () => {
    expect(Object.keys(RULE_TEXT).sort()).toEqual([...EARNINGS_RULES].sort());
    expect(RULE_TEXT['user-centric']).toContain('by their listening time');
    // Hybrid weighs plays of ≥ 30 s, capped per listener, not listening time.
    expect(RULE_TEXT.hybrid).toContain('by plays of at least 30 seconds');
    expect(RULE_TEXT.hybrid).toContain('1,000 plays per listener a month');
    expect(RULE_TEXT.hybrid).not.toContain('listening time');
    // Pro-rata pools the ads with subscriptions; the other rules give them to the carrying creator.
    expect(RULE_TEXT['pro-rata']).toContain('subscription and ad revenue is pooled');
    expect(RULE_TEXT['pro-rata']).not.toContain('whose content carried');
    expect(RULE_TEXT['user-centric']).toContain('ad revenue goes to the creator whose content carried the ad');
    expect(RULE_TEXT.hybrid).toContain('ad revenue goes to the creator whose content carried the ad');
  });
});

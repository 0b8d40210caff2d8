import { AD_CAMPAIGN_STATUSES } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_TRANSITIONS, nextStatus } from './state-machine';

describe('campaign state machine', () => {
  it('runs draft → in_review → active → paused → active → completed', () => {
    expect(nextStatus('draft', 'submit')).toBe('in_review');
    expect(nextStatus('in_review', 'approve')).toBe('active');
    expect(nextStatus('active', 'pause')).toBe('paused');
    expect(nextStatus('paused', 'resume')).toBe('active');
    expect(nextStatus('active', 'complete')).toBe('completed');
  });

  it('sends a running campaign with a new creative back to review', () => {
    expect(nextStatus('active', 'creative_changed')).toBe('in_review');
    expect(nextStatus('paused', 'creative_changed')).toBe('in_review');
    expect(nextStatus('draft', 'creative_changed')).toBe('draft');
  });

  it('refuses everything not in the table', () => {
    expect(nextStatus('draft', 'approve')).toBeNull();
    expect(nextStatus('rejected', 'approve')).toBeNull();
    expect(nextStatus('completed', 'resume')).toBeNull();
    expect(nextStatus('completed', 'submit')).toBeNull();
    expect(nextStatus('in_review', 'pause')).toBeNull();
    // completed is final: no event leaves it
    for (const event of Object.keys(CAMPAIGN_TRANSITIONS) as (keyof typeof CAMPAIGN_TRANSITIONS)[]) {
      expect(nextStatus('completed', event)).toBeNull();
    }
    for (const s of AD_CAMPAIGN_STATUSES) expect(nextStatus(s, 'approve') === 'active').toBe(s === 'in_review');
  });
});

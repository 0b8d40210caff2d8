import { AD_CAMPAIGN_STATUSES } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN_EVENTS, CAMPAIGN_TRANSITIONS, FINAL, nextStatus } from './state-machine';

const EVENTS = Object.keys(CAMPAIGN_TRANSITIONS) as (keyof typeof CAMPAIGN_TRANSITIONS)[];

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
    // A held campaign is not edited: the admin's hold stays until an admin releases it.
    expect(nextStatus('held', 'creative_changed')).toBeNull();
  });

  it('refuses everything not in the table', () => {
    expect(nextStatus('draft', 'approve')).toBeNull();
    expect(nextStatus('rejected', 'approve')).toBeNull();
    expect(nextStatus('completed', 'resume')).toBeNull();
    expect(nextStatus('completed', 'submit')).toBeNull();
    expect(nextStatus('in_review', 'pause')).toBeNull();
    for (const s of AD_CAMPAIGN_STATUSES) expect(nextStatus(s, 'approve') === 'active').toBe(s === 'in_review');
  });

  it('keeps completed and stopped final: no event leaves them', () => {
    expect([...FINAL].sort()).toEqual(['completed', 'stopped']);
    for (const s of FINAL) for (const event of EVENTS) expect(nextStatus(s, event)).toBeNull();
  });

  it('lets an admin hold a running campaign that only an admin releases', () => {
    expect(nextStatus('active', 'admin_hold')).toBe('held');
    expect(nextStatus('paused', 'admin_hold')).toBe('held');
    // The advertiser's own resume and pause do not move a held campaign.
    expect(nextStatus('held', 'resume')).toBeNull();
    expect(nextStatus('held', 'pause')).toBeNull();
    expect(nextStatus('held', 'submit')).toBeNull();
    expect(nextStatus('held', 'admin_release')).toBe('active');
    expect(nextStatus('paused', 'admin_release')).toBeNull();
    // Nothing runs before review: draft and in_review campaigns are rejected or stopped, not held.
    expect(nextStatus('in_review', 'admin_hold')).toBeNull();
    // Its end date or budget still completes it.
    expect(nextStatus('held', 'complete')).toBe('completed');
  });

  it('lets an admin reject a campaign at any stage, and the advertiser submit it again', () => {
    for (const s of ['draft', 'in_review', 'active', 'paused', 'held'] as const) {
      expect(nextStatus(s, 'admin_reject')).toBe('rejected');
    }
    expect(nextStatus('rejected', 'admin_reject')).toBeNull();
    expect(nextStatus('rejected', 'submit')).toBe('in_review');
  });

  it('lets an admin stop every campaign that is not finished', () => {
    for (const s of AD_CAMPAIGN_STATUSES) {
      expect(nextStatus(s, 'admin_stop')).toBe(FINAL.has(s) ? null : 'stopped');
    }
  });

  it('gives every admin event at least one way in, and only admin events reach held and stopped', () => {
    for (const e of ADMIN_EVENTS) expect(Object.keys(CAMPAIGN_TRANSITIONS[e]).length).toBeGreaterThan(0);
    for (const event of EVENTS) {
      const targets = Object.values(CAMPAIGN_TRANSITIONS[event]);
      const admin = (ADMIN_EVENTS as readonly string[]).includes(event);
      if (!admin) expect(targets.filter((t) => t === 'stopped' || t === 'held')).toEqual([]);
    }
  });
});

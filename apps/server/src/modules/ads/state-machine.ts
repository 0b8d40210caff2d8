import type { AdCampaignStatus } from '@wavecast/shared';

export type CampaignEvent =
  | 'submit'
  | 'approve'
  | 'reject'
  | 'pause'
  | 'resume'
  | 'creative_changed'
  | 'complete'
  | 'admin_hold'
  | 'admin_release'
  | 'admin_stop'
  | 'admin_reject';

/** The events only an admin may send (each with a reason its advertiser sees, and an audit entry). */
export const ADMIN_EVENTS = ['admin_hold', 'admin_release', 'admin_stop', 'admin_reject'] as const;
export type AdminCampaignEvent = (typeof ADMIN_EVENTS)[number];

/**
 * Every transition a campaign may take, in one table: draft → in_review → active / rejected;
 * active ⇄ paused (the advertiser); a changed creative of a running campaign goes back to review;
 * active or paused → completed when its budget is spent or its end date passed.
 * An admin acts on a campaign in any state (issue 32): holds a running one (`held`: only an admin
 * releases it, so an advertiser's resume cannot undo it), rejects one at any stage before its end
 * (the advertiser may fix it and submit again), or stops any one not finished yet (`stopped`,
 * final). Anything else is refused.
 */
export const CAMPAIGN_TRANSITIONS: Record<CampaignEvent, Partial<Record<AdCampaignStatus, AdCampaignStatus>>> = {
  submit: { draft: 'in_review', rejected: 'in_review' },
  approve: { in_review: 'active' },
  reject: { in_review: 'rejected' },
  pause: { active: 'paused' },
  resume: { paused: 'active' },
  creative_changed: {
    active: 'in_review',
    paused: 'in_review',
    draft: 'draft',
    rejected: 'rejected',
    in_review: 'in_review',
  },
  complete: { active: 'completed', paused: 'completed', held: 'completed' },
  admin_hold: { active: 'held', paused: 'held' },
  admin_release: { held: 'active' },
  admin_stop: {
    draft: 'stopped',
    in_review: 'stopped',
    active: 'stopped',
    paused: 'stopped',
    held: 'stopped',
    rejected: 'stopped',
  },
  admin_reject: { draft: 'rejected', in_review: 'rejected', active: 'rejected', paused: 'rejected', held: 'rejected' },
};

/** The status after `event`, or null when the campaign cannot take it from `from`. */
export function nextStatus(from: AdCampaignStatus, event: CampaignEvent): AdCampaignStatus | null {
  return CAMPAIGN_TRANSITIONS[event][from] ?? null;
}

/** Statuses whose fields (budgets, bid, targeting, schedule) may still be edited (not while an admin holds it). */
export const EDITABLE: ReadonlySet<AdCampaignStatus> = new Set(['draft', 'in_review', 'active', 'paused', 'rejected']);

/** Statuses no event leaves. */
export const FINAL: ReadonlySet<AdCampaignStatus> = new Set(['completed', 'stopped']);

import type { AdCampaignStatus } from '@wavecast/shared';

export type CampaignEvent = 'submit' | 'approve' | 'reject' | 'pause' | 'resume' | 'creative_changed' | 'complete';

/**
 * Every transition a campaign may take, in one table: draft → in_review → active / rejected;
 * active ⇄ paused; a changed creative of a running campaign goes back to review; active or paused
 * → completed when its budget is spent or its end date passed. Anything else is refused.
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
  complete: { active: 'completed', paused: 'completed' },
};

/** The status after `event`, or null when the campaign cannot take it from `from`. */
export function nextStatus(from: AdCampaignStatus, event: CampaignEvent): AdCampaignStatus | null {
  return CAMPAIGN_TRANSITIONS[event][from] ?? null;
}

/** Statuses whose fields (budgets, bid, targeting, schedule) may still be edited. */
export const EDITABLE: ReadonlySet<AdCampaignStatus> = new Set(['draft', 'in_review', 'active', 'paused', 'rejected']);

import type { ComponentType } from 'react';
import { ReportedAdsApprovals, RunningCampaignsApprovals } from '../ads/components/AdCampaignsAdmin';
import { AdReviewApprovals } from '../ads/components/AdReviewApprovals';
import { FlaggedReferralsApprovals } from '../affiliates/components/FlaggedReferralsApprovals';
import { PayoutsApprovals } from '../affiliates/components/PayoutsApprovals';
import { ApplicationsApprovals } from '../applications/ApplicationsApprovals';

/**
 * The Approvals tab's sections, one per kind of thing waiting for an admin (each an ApprovalQueue).
 * A domain with something to approve or pay adds one entry here.
 */
export const approvalSections: { id: string; Component: ComponentType }[] = [
  { id: 'applications', Component: ApplicationsApprovals },
  { id: 'affiliate-payouts', Component: PayoutsApprovals },
  { id: 'affiliate-flags', Component: FlaggedReferralsApprovals },
  { id: 'ad-creatives', Component: AdReviewApprovals },
  { id: 'ad-reports', Component: ReportedAdsApprovals },
  { id: 'ad-campaigns', Component: RunningCampaignsApprovals },
];

export function ApprovalsAdmin() {
  return (
    <section aria-labelledby="admin-approvals-title">
      <h2 id="admin-approvals-title" className="mb-4 text-xl font-semibold">
        Approvals
      </h2>
      {approvalSections.map(({ id, Component }) => (
        <Component key={id} />
      ))}
    </section>
  );
}

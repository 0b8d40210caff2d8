import { AD_MESSAGES, AD_REPORT_REASON_LABELS, type AdReportReason, formatMicros } from '@wavecast/shared';
import { type ApprovalAction, ApprovalQueue } from '../../admin/components/ApprovalQueue';
import { type AdminCampaignAction, useAdCampaigns, useAdminCampaignAction, useAdReports } from '../queries';

const STATUS: Record<string, string> = {
  active: 'Active',
  paused: 'Paused by the advertiser',
  held: 'Paused by an admin',
  in_review: 'In review',
  rejected: 'Rejected',
  stopped: 'Stopped',
  completed: 'Completed',
  draft: 'Draft',
};

/** An admin's actions on a campaign in any state (issue 32): each asks for the reason its advertiser sees. */
function useActions(): ApprovalAction[] {
  const act = useAdminCampaignAction();
  const run = (action: AdminCampaignAction) => (id: string, reason: string) => act.mutateAsync({ id, action, reason });
  const reason = { label: 'Reason (shown to the advertiser)', required: true };
  return [
    { label: 'Pause', variant: 'outline', note: reason, done: AD_MESSAGES.held, run: run('hold') },
    { label: 'Resume', variant: 'outline', done: AD_MESSAGES.adminResumed, run: run('release') },
    { label: 'Reject', variant: 'danger', note: reason, done: AD_MESSAGES.rejected, run: run('reject') },
    { label: 'Stop', variant: 'danger', note: reason, done: AD_MESSAGES.stopped, run: run('stop') },
  ];
}

/** Approvals: ads listeners reported, most recently reported first, with what they said. */
export function ReportedAdsApprovals() {
  const query = useAdReports();
  const actions = useActions();
  return (
    <ApprovalQueue
      title="Reported ads"
      loading={query.isPending}
      items={query.data?.items.map((r) => ({
        id: r.campaignId,
        title: `${r.campaignName} (${r.reports} ${r.reports === 1 ? 'report' : 'reports'})`,
        subtitle: `${r.advertiser.displayName || r.advertiser.email} · ${r.advertiser.email} · ${STATUS[r.status] ?? r.status}`,
        facts: [
          [
            'Reasons',
            Object.entries(r.reasons)
              .map(([k, n]) => `${AD_REPORT_REASON_LABELS[k as AdReportReason] ?? k}: ${n}`)
              .join(', '),
          ],
          ...(r.lastDetails.length ? [['Listeners said', r.lastDetails.join(' · ')] as [string, string]] : []),
          ['Last reported', new Date(r.lastReportedAt).toLocaleString()],
        ],
      }))}
      empty="No reported ads."
      actions={actions}
    />
  );
}

/** Approvals: running campaigns an admin may pause, resume, reject or stop at any time. */
export function RunningCampaignsApprovals() {
  const query = useAdCampaigns();
  const actions = useActions();
  const running = query.data?.items.filter((i) => ['active', 'paused', 'held'].includes(i.campaign.status));
  return (
    <ApprovalQueue
      title="Running ad campaigns"
      loading={query.isPending}
      items={running?.map(({ campaign: c, advertiser }) => ({
        id: c.id,
        title: `${c.name} · ${STATUS[c.status] ?? c.status}`,
        subtitle: `${advertiser.displayName || advertiser.email} · ${advertiser.email}`,
        facts: [
          ['Format', c.format],
          ['Bid', `${formatMicros(c.cpmMicros)} CPM`],
          ['Spent', `${formatMicros(c.stats.spentMicros)} of ${formatMicros(c.totalBudgetMicros)}`],
          ...(c.reviewNote ? [['Admin note', c.reviewNote] as [string, string]] : []),
        ],
      }))}
      empty="No running campaigns."
      actions={actions}
    />
  );
}

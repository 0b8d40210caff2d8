import { ADMIN_MESSAGES, type TApplication, timeAgo } from '@wavecast/shared';
import { ApprovalQueue } from '../admin/components/ApprovalQueue';
import { useDecideApplication, usePendingApplications } from './queries';

const ROLE_LABEL = { affiliate: 'Affiliate', advertiser: 'Advertiser' } as const;
const DETAIL_LABEL: Record<string, string> = {
  website: 'Website',
  audience: 'Audience',
  promotion: 'How they promote',
  company: 'Company',
  billingEmail: 'Billing e-mail',
};

const toItem = (a: TApplication) => ({
  id: a.id,
  title: `${ROLE_LABEL[a.role]} application: ${a.user.displayName || a.user.email}`,
  subtitle: `${a.user.email} · now ${a.user.role} · applied ${timeAgo(a.createdAt)}`,
  facts: Object.entries(a.details).map(([k, v]) => [DETAIL_LABEL[k] ?? k, v] as [string, string]),
});

/** Approvals: affiliate and advertiser applications. */
export function ApplicationsApprovals() {
  const query = usePendingApplications();
  const decide = useDecideApplication();
  return (
    <ApprovalQueue
      title="Role applications"
      loading={query.isPending}
      items={query.data?.map(toItem)}
      empty="No applications waiting."
      actions={[
        {
          label: 'Approve',
          done: ADMIN_MESSAGES.applicationApproved,
          run: (id) => decide.mutateAsync({ id, approve: true }),
        },
        {
          label: 'Refuse',
          variant: 'danger',
          note: { label: 'Reason (sent to the applicant)' },
          done: ADMIN_MESSAGES.applicationRefused,
          run: (id, note) => decide.mutateAsync({ id, approve: false, note }),
        },
      ]}
    />
  );
}

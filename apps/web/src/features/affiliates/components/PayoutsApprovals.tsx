import { AFFILIATE_MESSAGES, type TAdminPayout, timeAgo } from '@wavecast/shared';
import { ApprovalQueue } from '../../admin/components/ApprovalQueue';
import { money, useDecidePayout, useDuePayouts } from '../queries';
import { PayoutBatches } from './PayoutBatches';

const toItem = (p: TAdminPayout) => ({
  id: p.id,
  title: `${p.payeeKind === 'creator' ? 'Creator' : 'Affiliate'} payout ${money(p.amountCents)}: ${p.affiliate.displayName || p.affiliate.email || p.affiliate.id}`,
  subtitle: `${p.period} · ${p.status === 'batched' ? 'in a batch' : 'requested'} ${timeAgo(p.createdAt)}`,
  facts: [
    ['Method', p.method?.masked ?? 'none on file'],
    ['E-mail', p.affiliate.email ?? '(deleted account)'],
    ...(p.payeeKind === 'affiliate' ? [['Flagged referrals', String(p.flaggedReferrals)]] : []),
  ] as [string, string][],
});

/**
 * Approvals: payouts requested by affiliates and creators (one rail, ADR 0054) (gather them in a batch, pay the batch from its details or
 * CSVs, then mark each paid with the reference, or failed).
 */
export function PayoutsApprovals() {
  const query = useDuePayouts();
  const decide = useDecidePayout();
  return (
    <>
      <PayoutBatches />
      <ApprovalQueue
        title="Affiliate payouts and creator payouts"
        loading={query.isPending}
        items={query.data?.map(toItem)}
        empty="No payouts due."
        actions={[
          {
            label: 'Mark paid',
            note: { label: 'Payment reference', required: true },
            done: AFFILIATE_MESSAGES.payoutPaid,
            run: (id, text) => decide.mutateAsync({ id, paid: true, text }),
          },
          {
            label: 'Mark failed',
            variant: 'danger',
            note: { label: 'Reason (optional)' },
            done: AFFILIATE_MESSAGES.payoutFailed,
            run: (id, text) => decide.mutateAsync({ id, paid: false, text }),
          },
        ]}
      />
    </>
  );
}

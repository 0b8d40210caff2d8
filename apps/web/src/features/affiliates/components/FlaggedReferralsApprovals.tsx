import { AFFILIATE_MESSAGES, type TFlaggedReferral, timeAgo } from '@wavecast/shared';
import { ApprovalQueue } from '../../admin/components/ApprovalQueue';
import { useClearFlag, useFlaggedReferrals, useVoidReferral } from '../queries';

const toItem = (r: TFlaggedReferral) => ({
  id: r.id,
  title: `Referral by ${r.affiliate.displayName || r.affiliate.email || r.affiliate.id}`,
  subtitle: `signed up ${timeAgo(r.createdAt)} · many sign-ups from one address · commissions held`,
  facts: [
    ['Referred account', r.referredEmail ?? '(deleted account)'],
    ['Address', r.signupIp ?? 'unknown'],
    ['Campaign', r.campaign ?? '(no tag)'],
  ] as [string, string][],
});

/** Approvals: affiliate referrals flagged for many sign-ups from one address (their commissions are held until kept or voided). */
export function FlaggedReferralsApprovals() {
  const query = useFlaggedReferrals();
  const clear = useClearFlag();
  const voidIt = useVoidReferral();
  return (
    <ApprovalQueue
      title="Flagged referrals"
      loading={query.isPending}
      items={query.data?.map(toItem)}
      empty="No flagged referrals."
      actions={[
        {
          label: 'Keep referral',
          variant: 'outline',
          done: AFFILIATE_MESSAGES.flagCleared,
          run: (id) => clear.mutateAsync(id),
        },
        {
          label: 'Void referral',
          variant: 'danger',
          done: AFFILIATE_MESSAGES.referralVoided,
          run: (id) => voidIt.mutateAsync(id),
        },
      ]}
    />
  );
}

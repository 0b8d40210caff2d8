import { AD_MESSAGES, formatMicros, type TCampaign } from '@wavecast/shared';
import { ApprovalQueue } from '../../admin/components/ApprovalQueue';
import { useAdReviewQueue, useReviewCampaign } from '../queries';

const toItem = ({
  campaign: c,
  advertiser,
}: {
  campaign: TCampaign;
  advertiser: { email: string; displayName: string | null };
}) => ({
  id: c.id,
  title: `${c.format === 'audio' ? 'Audio' : c.format === 'display' ? 'Display' : 'Sponsored'} ad: ${c.name}`,
  subtitle: `${advertiser.displayName || advertiser.email} · ${advertiser.email}`,
  facts: [
    ['Click-through', c.clickUrl],
    ['Bid', `${formatMicros(c.cpmMicros)} CPM`],
    ['Budget', `${formatMicros(c.totalBudgetMicros)} (daily ${formatMicros(c.dailyBudgetMicros)})`],
    ['Targeting', `${c.categories.length ? c.categories.join(', ') : 'All categories'} · ${c.contentTypes.join(', ')}`],
    ...(c.sponsoredText ? [['Text', c.sponsoredText] as [string, string]] : []),
  ] as [string, string][],
  preview: c.creative ? (
    c.creative.kind === 'audio' ? (
      // biome-ignore lint/a11y/useMediaCaption: an ad creative under review has no captions
      <audio controls preload="none" src={c.creative.url} data-testid="ad-review-audio" />
    ) : (
      <img
        src={c.creative.url}
        alt={`Creative of ${c.name}`}
        width={c.creative.width ?? undefined}
        height={c.creative.height ?? undefined}
        className="max-w-full rounded border border-border"
      />
    )
  ) : null,
});

/** Approvals: ad creatives waiting for review (approve, or reject with a reason). */
export function AdReviewApprovals() {
  const query = useAdReviewQueue();
  const review = useReviewCampaign();
  return (
    <ApprovalQueue
      title="Ad creatives"
      loading={query.isPending}
      items={query.data?.map(toItem)}
      empty="No ad creatives waiting."
      actions={[
        { label: 'Approve', done: AD_MESSAGES.approved, run: (id) => review.mutateAsync({ id, approve: true }) },
        {
          label: 'Reject',
          variant: 'danger',
          note: { label: 'Reason (shown to the advertiser)', required: true },
          done: AD_MESSAGES.rejected,
          run: (id, note) => review.mutateAsync({ id, approve: false, note }),
        },
      ]}
    />
  );
}

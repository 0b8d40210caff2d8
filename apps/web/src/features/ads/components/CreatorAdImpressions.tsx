import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The creator dashboard's line: how many ad impressions ran on this creator's content. */
export function CreatorAdImpressions() {
  const query = useQuery({
    queryKey: ['ads', 'creator'],
    queryFn: () => api<{ impressions: number }>('/api/ads/creator'),
  });
  return (
    <p className="mt-4 text-sm text-muted" data-testid="creator-ad-impressions">
      Ad impressions on your content:{' '}
      <span className="font-semibold text-fg tabular-nums">
        {(query.data?.impressions ?? 0).toLocaleString('en-US')}
      </span>
    </p>
  );
}

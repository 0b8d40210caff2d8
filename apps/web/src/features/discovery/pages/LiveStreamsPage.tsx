import { LIVE_CATEGORIES, LIVE_SORTS, type LiveSort } from '@wavecast/shared';
import { Radio } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { skeletonKeys } from '../../../components/ui/CardGrid';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeading } from '../../../components/ui/PageHeading';
import { RadioOnAir } from '../../radio/components/RadioOnAir';
import { useChannelsOnAir } from '../../radio/queries';
import { FilterButtons } from '../components/FilterButtons';
import { LiveGrid } from '../components/LiveCard';
import { useLiveListsRealtime, useLiveStreams } from '../queries';

/**
 * /explore/live: every active stream, by category, most viewers or most recently started first; the
 * radio channels on air in the category below them.
 */
export default function LiveStreamsPage() {
  const [params, setParams] = useSearchParams();
  const category = LIVE_CATEGORIES.find((c) => c === params.get('category')) ?? '';
  const sort: LiveSort = LIVE_SORTS.find((s) => s === params.get('sort')) ?? 'viewers';
  const live = useLiveStreams({ category: category || undefined, sort });
  useLiveListsRealtime();
  const set = (key: string, value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== fallback) next.set(key, value);
    else next.delete(key);
    // A filter changes the list, not the page: the reader stays where they are.
    setParams(next, { preventScrollReset: true });
  };
  // Radio channels on air in the category are live too: with one, the page is not empty.
  const radio = useChannelsOnAir('', category);
  const streams = live.data ?? [];
  const radioOnAir = (radio.data ?? []).length > 0;
  const viewers = streams.reduce((n, s) => n + s.viewerCount, 0);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeading title="Live Streams" subtitle="Tune in to creators broadcasting right now." />
      <div className="flex flex-col gap-3">
        <FilterButtons
          label="Category"
          value={category}
          onChange={(v) => set('category', v, '')}
          options={[{ value: '', label: 'All' }, ...LIVE_CATEGORIES.map((c) => ({ value: c, label: c }))]}
        />
        <FilterButtons
          label="Sort"
          value={sort}
          onChange={(v) => set('sort', v, 'viewers')}
          options={[
            { value: 'viewers', label: 'Most Viewers' },
            { value: 'recent', label: 'Recently Started' },
          ]}
        />
      </div>
      <div className="mt-8">
        {live.isPending || radio.isPending ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-hidden>
            {skeletonKeys(4).map((key) => (
              <div key={key} className="aspect-video animate-pulse rounded-card bg-surface" />
            ))}
          </div>
        ) : streams.length === 0 ? (
          radioOnAir ? null : (
            <EmptyState title="No Live Streams" icon={<Radio className="size-10" aria-hidden />}>
              <p>
                {category ? `Nobody is live in ${category} right now.` : 'Nobody is live right now. Check back soon.'}
              </p>
              <Button variant="secondary" onClick={() => set('category', '', '')}>
                View All Categories
              </Button>
            </EmptyState>
          )
        ) : (
          <LiveGrid streams={streams} />
        )}
      </div>
      <RadioOnAir category={category} />
      <footer className="mt-10 border-t border-border pt-4 text-sm text-muted" data-testid="live-footer">
        {streams.length.toLocaleString('en')} active {streams.length === 1 ? 'stream' : 'streams'} ·{' '}
        {viewers.toLocaleString('en')} total {viewers === 1 ? 'viewer' : 'viewers'}
      </footer>
    </div>
  );
}

import {
  EXPLORE_CATEGORIES,
  EXPLORE_SORTS,
  EXPLORE_TYPES,
  type ExploreSort,
  type ExploreType,
  PAGE_SIZES,
} from '@wavecast/shared';
import { SearchX } from 'lucide-react';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadMore } from '../../../components/ui/LoadMore';
import { NearViewport } from '../../../components/ui/NearViewport';
import { PageHeading } from '../../../components/ui/PageHeading';
import { RadioChannelGrid } from '../../radio/components/RadioOnAir';
import { useChannelsOnAir } from '../../radio/queries';
import { FilterButtons } from '../components/FilterButtons';
import { LiveGrid } from '../components/LiveCard';
import { SearchBox } from '../components/SearchBox';
import { Section } from '../components/Section';
import { TrackGrid, TrackGridSkeleton } from '../components/TrackGrid';
import { useExploreLive, useLiveListsRealtime } from '../queries';
import { useTrackPages } from '../track-pages';

// Below the fold: the ads' code loads as the visitor scrolls towards them (NearViewport).
const PlacementAds = lazy(() => import('../../ads/components/AdSlots'));

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Explore: search, type, sort and category live in the URL (?q=&category=&type=&sort=). */
export default function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const category = params.get('category')?.toLowerCase() ?? '';
  const type = pick<ExploreType>(params.get('type'), EXPLORE_TYPES, 'all');
  const sort = pick<ExploreSort>(params.get('sort'), EXPLORE_SORTS, 'recent');
  useLiveListsRealtime();

  const set = (key: string, value: string, fallback = '') => {
    const next = new URLSearchParams(params);
    if (value && value !== fallback) next.set(key, value);
    else next.delete(key);
    // A filter changes the list, not the page: the reader stays where they are.
    setParams(next, { preventScrollReset: true });
  };

  const showLive = type !== 'audio';
  const showAudio = type !== 'live';
  const live = useExploreLive({ q: q || undefined, category: category || undefined }, showLive);
  // Radio channels on air are live too (issue 38): in Live Now, by the same search and category.
  const radio = useChannelsOnAir(q, category, showLive);
  const tracks = useTrackPages({ q: q || undefined, category: category || undefined, sort }, showAudio);
  // Answers are rendered at transition priority, in slices, not in one long task (Lighthouse TBT).
  const trackPages = useDeferredValue(tracks.data);
  const tracksPending = tracks.isPending || (trackPages === undefined && tracks.data !== undefined);
  const items = showAudio ? (trackPages?.pages.flatMap((p) => p.items) ?? []) : [];
  const streams = showLive ? (live.data ?? []) : [];
  const channels = showLive ? (radio.data ?? []).slice(0, PAGE_SIZES.exploreLive) : [];
  const loading = (showAudio && tracksPending) || (showLive && (live.isPending || radio.isPending));
  const nothing = !loading && items.length === 0 && streams.length === 0 && channels.length === 0;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeading title="Explore" subtitle="Find music, podcasts, audiobooks and live shows." />
      <div className="space-y-4">
        <SearchBox value={q} onSearch={(v) => set('q', v)} allowBlank label="Search Explore" />
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          <FilterButtons
            label="Type"
            value={type}
            onChange={(v) => set('type', v, 'all')}
            options={[
              { value: 'all', label: 'All' },
              { value: 'audio', label: 'Audio' },
              { value: 'live', label: 'Live' },
            ]}
          />
          <FilterButtons
            label="Sort"
            value={sort}
            onChange={(v) => set('sort', v, 'recent')}
            options={[
              { value: 'recent', label: 'Recent' },
              { value: 'popular', label: 'Popular' },
            ]}
          />
        </div>
        <FilterButtons
          label="Category"
          value={category}
          onChange={(v) => set('category', v)}
          options={[
            { value: '', label: 'All' },
            ...EXPLORE_CATEGORIES.map((c) => ({ value: c.toLowerCase(), label: c })),
          ]}
        />
      </div>

      <div className="mt-8">
        {(streams.length > 0 || channels.length > 0) && (
          <Section id="explore-live" title="Live Now" link="/explore/live" linkLabel="All live streams">
            {streams.length > 0 && <LiveGrid streams={streams.slice(0, PAGE_SIZES.exploreLive)} />}
            {channels.length > 0 && (
              <RadioChannelGrid channels={channels} className={streams.length > 0 ? 'mt-4' : undefined} />
            )}
          </Section>
        )}
        {showAudio && (loading || items.length > 0) && (
          <Section id="explore-audio" title={q ? 'Search Results' : 'Browse Audio'}>
            {tracksPending ? (
              <TrackGridSkeleton count={12} />
            ) : (
              <TrackGrid
                tracks={items}
                label={q ? 'Search Results' : 'Browse Audio'}
                aboveFold={streams.length === 0 && channels.length === 0}
              />
            )}
            {tracks.hasNextPage && (
              <LoadMore onClick={() => void tracks.fetchNextPage()} loading={tracks.isFetchingNextPage} />
            )}
          </Section>
        )}
        {nothing && (
          <EmptyState title="No results found" icon={<SearchX className="size-10" aria-hidden />}>
            <p>Try another search, category or filter.</p>
          </EmptyState>
        )}
      </div>
      <NearViewport>
        <Suspense fallback={null}>
          <PlacementAds placement="explore" />
        </Suspense>
      </NearViewport>
    </div>
  );
}

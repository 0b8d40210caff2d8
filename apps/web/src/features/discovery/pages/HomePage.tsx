import { PAGE_SIZES } from '@wavecast/shared';
import { Headphones, Upload } from 'lucide-react';
import { lazy, Suspense, useDeferredValue } from 'react';
import { ButtonLink } from '../../../components/ui/Button';
import { NearViewport } from '../../../components/ui/NearViewport';
import { useSession } from '../../auth/session';
import { CategoryTiles } from '../components/CategoryTiles';
import { LiveGrid } from '../components/LiveCard';
import { Section } from '../components/Section';
import { TrackGrid, TrackGridSkeleton } from '../components/TrackGrid';
import { useHome, useLiveListsRealtime } from '../queries';

// Below the fold: the ads' code loads as the visitor scrolls towards them (NearViewport).
const PlacementAds = lazy(() => import('../../ads/components/AdSlots'));

// Signed-in listeners only: not part of a first-time visitor's JavaScript (the 150 KB budget).
const ContinueListeningShelf = lazy(() =>
  import('../../history/components/ContinueListeningShelf').then((m) => ({ default: m.ContinueListeningShelf })),
);

// Signed-in only too: the following feed (issue 36).
const HomeFeedSection = lazy(() => import('../../feed/components/HomeFeedSection'));

export default function HomePage() {
  const { user } = useSession();
  const home = useHome();
  useLiveListsRealtime();
  // The answer is rendered at transition priority, in slices: a blocking render of every card when
  // it arrives was Home's longest task (Lighthouse TBT, issue 22).
  const data = useDeferredValue(home.data);
  const pending = home.isPending || (data === undefined && home.data !== undefined);
  const live = data?.live ?? [];
  return (
    <div className="mx-auto max-w-7xl">
      <section className="relative overflow-hidden rounded-card bg-gradient-to-br from-primary/40 via-surface to-surface px-6 py-12 md:px-12 md:py-16">
        <h1 className="max-w-2xl text-3xl font-extrabold tracking-tight md:text-5xl">
          Discover audio and live streams
        </h1>
        <p className="mt-4 max-w-xl text-muted md:text-lg">
          Music, podcasts, audiobooks and live shows from independent creators. Listen now, or go live yourself.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/explore" size="lg">
            <Headphones className="size-5" aria-hidden />
            Start Listening
          </ButtonLink>
          {!user && (
            <ButtonLink to="/signup" size="lg" variant="outline">
              Create Account
            </ButtonLink>
          )}
        </div>
      </section>

      {user && (
        <Suspense fallback={null}>
          <ContinueListeningShelf className="mt-10" />
        </Suspense>
      )}
      <div className="mt-10">
        {user && (
          <Suspense fallback={null}>
            <HomeFeedSection />
          </Suspense>
        )}
        {live.length > 0 && (
          <Section id="home-live" title="Live Now" link="/explore?type=live">
            <LiveGrid streams={live} />
          </Section>
        )}
        <Section id="home-recent" title="Recent Uploads" link="/explore?sort=recent">
          {pending ? (
            <TrackGridSkeleton count={PAGE_SIZES.homeRecent} />
          ) : data?.recent.length ? (
            <TrackGrid tracks={data.recent} label="Recent Uploads" aboveFold />
          ) : (
            <p className="text-muted">No uploads yet.</p>
          )}
        </Section>
        <Section id="home-popular" title="Popular This Week" link="/explore?sort=popular">
          {pending ? (
            <TrackGridSkeleton count={PAGE_SIZES.homePopular} />
          ) : data?.popular.length ? (
            <TrackGrid tracks={data.popular} label="Popular This Week" />
          ) : (
            <p className="text-muted">Nothing has been played yet.</p>
          )}
        </Section>
        <Section id="home-categories" title="Browse Categories">
          <CategoryTiles />
        </Section>
        <NearViewport>
          <Suspense fallback={null}>
            <PlacementAds placement="home" />
          </Suspense>
        </NearViewport>
      </div>

      <section className="mt-12 flex flex-col items-start gap-4 rounded-card border border-border bg-surface p-8 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 className="text-2xl font-bold">
            {user?.role === 'creator' ? 'Share your next upload' : 'Ready to share your sound?'}
          </h2>
          <p className="mt-1 text-muted">
            {user?.role === 'creator'
              ? 'Upload a track, a podcast episode or an audiobook chapter.'
              : 'Upload audio and broadcast live to listeners everywhere.'}
          </p>
        </div>
        {user?.role === 'creator' ? (
          <ButtonLink to="/creator/upload" size="lg">
            <Upload className="size-5" aria-hidden />
            Upload Now
          </ButtonLink>
        ) : (
          // Visitors sign up as creators; signed-in listeners switch to creator in their settings.
          <ButtonLink to={user ? '/settings' : '/signup'} size="lg">
            Become a Creator
          </ButtonLink>
        )}
      </section>
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { Link, Navigate, Route, Routes } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { ContinueListeningShelf } from '../../history/components/ContinueListeningShelf';
import { FollowingList } from '../components/FollowingList';
import { LibraryPlaylists } from '../components/LibraryPlaylists';
import { QuickAccess } from '../components/QuickAccess';
import { RecentActivity } from '../components/RecentActivity';
import { StatCards } from '../components/StatCards';
import { TrackShelf } from '../components/TrackShelf';
import { useLibrary } from '../queries';

const LikedSongsPage = lazy(() => import('../../likes/pages/LikedSongsPage'));
const RecentlyPlayedPage = lazy(() => import('../../history/pages/RecentlyPlayedPage'));

/** `/dashboard/listener/*`: Your Library, with Liked Songs, Recently Played and all playlists inside. */
export default function ListenerDashboardPage() {
  return (
    <Suspense
      fallback={
        <div className="grid place-items-center py-24">
          <Spinner />
        </div>
      }
    >
      <Routes>
        <Route index element={<LibraryOverview />} />
        <Route path="liked" element={<LikedSongsPage />} />
        <Route path="recent" element={<RecentlyPlayedPage />} />
        <Route path="playlists" element={<AllPlaylists />} />
        <Route path="*" element={<Navigate to="/dashboard/listener" replace />} />
      </Routes>
    </Suspense>
  );
}

function Shelf({ id, title, to, children }: { id: string; title: string; to?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-2xl font-bold tracking-tight">
          {title}
        </h2>
        {to && (
          <Link to={to} className="text-sm font-semibold text-muted hover:text-fg">
            See all
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

function LibraryOverview() {
  const library = useLibrary();
  const data = library.data;
  return (
    <div>
      <PageHeading title="Your Library" subtitle="Your music, podcasts and more, all in one place" />
      {library.isError && <p className="mb-4 text-error">Could not load your library. Please try again.</p>}
      <StatCards stats={data?.stats} />
      <div className="mt-6">
        <QuickAccess />
      </div>
      <ContinueListeningShelf className="mt-10" />
      <Shelf id="library-playlists" title="Your Playlists" to="/dashboard/listener/playlists">
        <LibraryPlaylists limit={9} />
      </Shelf>
      {data && data.likedTracks.length > 0 && (
        <Shelf id="library-liked" title="Liked Songs" to="/dashboard/listener/liked">
          <TrackShelf tracks={data.likedTracks} testId="library-liked" />
        </Shelf>
      )}
      {data && data.recentlyPlayed.length > 0 && (
        <Shelf id="library-recent" title="Recently Played" to="/dashboard/listener/recent">
          <TrackShelf tracks={data.recentlyPlayed.map((r) => r.track)} testId="library-recent" />
        </Shelf>
      )}
      <Shelf id="library-following" title="Following">
        {data ? <FollowingList people={data.following} /> : <Spinner />}
      </Shelf>
      <Shelf id="library-activity" title="Recent Activity">
        <div className="rounded-card border border-border bg-surface px-4">
          {data ? (
            <RecentActivity items={data.activity} />
          ) : (
            <div className="grid place-items-center py-8">
              <Spinner />
            </div>
          )}
        </div>
      </Shelf>
    </div>
  );
}

function AllPlaylists() {
  return (
    <div>
      <PageHeading title="Your Playlists" />
      <LibraryPlaylists />
    </div>
  );
}

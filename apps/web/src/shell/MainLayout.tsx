import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../components/ui/Spinner';
import { SiteFooter } from '../features/marketing/components/SiteFooter';
import { usePlayerState } from '../features/player/PlayerProvider';
import { DisplayNamePromptSlot } from '../features/settings/components/DisplayNamePromptSlot';
import { cn } from '../lib/cn';
import { MobileNav } from './MobileNav';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

// Loaded once something plays: it is not part of the first page's JavaScript.
const PlayerBar = lazy(() => import('../features/player/components/PlayerBar').then((m) => ({ default: m.PlayerBar })));

export function MainLayout() {
  // The player bar covers the bottom of the page once a track is selected: make room for it.
  const hasTrack = usePlayerState((s) => s.current !== null);
  return (
    <div className="flex min-h-full">
      <Sidebar />
      <div className={cn('flex min-w-0 flex-1 flex-col', hasTrack ? 'pb-32' : 'pb-24 md:pb-10')}>
        <TopBar />
        {/* At least a screen tall: the footer starts below the fold, so a page filling in as its data
            arrives never pushes visible content around (Lighthouse saw a 0.44 layout shift). */}
        <main id="main" className="min-h-screen flex-1 px-4 pt-6 pb-10 md:px-8">
          <DisplayNamePromptSlot />
          <Suspense
            fallback={
              <div className="grid place-items-center py-24">
                <Spinner />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter />
      </div>
      {hasTrack && (
        <Suspense fallback={null}>
          <PlayerBar />
        </Suspense>
      )}
      <MobileNav />
    </div>
  );
}

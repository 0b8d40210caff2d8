import { BarChart3, Compass, DollarSign, Home, LayoutDashboard, Library, Radio, Upload } from 'lucide-react';
import { type ComponentType, lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { Logo } from '../components/ui/Logo';
import { useSession } from '../features/auth/session';
import { cn } from '../lib/cn';

// Signed-in users only (the playlists with the add-to-playlist dialog they host, the Premium offer):
// not in a first view's scripts.
const YourPlaylists = lazy(() =>
  import('../features/playlists/components/YourPlaylists').then((m) => ({ default: m.YourPlaylists })),
);
const UpgradeCard = lazy(() =>
  import('../features/billing/components/UpgradeCard').then((m) => ({ default: m.UpgradeCard })),
);

function Item({ to, icon: Icon, label }: { to: string; icon: ComponentType<{ className?: string }>; label: string }) {
  return (
    <NavLink
      to={to}
      end={to === '/'}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
          isActive ? 'bg-surface-2 text-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
        )
      }
    >
      <Icon className="size-5" aria-hidden />
      {label}
    </NavLink>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mt-6">
      <h2 className="mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-muted">{title}</h2>
      <div className="space-y-1">{children}</div>
    </div>
  );
}

/** Desktop left sidebar (spec: Shell). */
export function Sidebar() {
  const { user } = useSession();
  return (
    // The panel runs the page's whole height (a long page never runs on beside empty space, even in a
    // full-page capture); its contents stay in view while the page scrolls.
    <aside className="hidden w-64 shrink-0 border-r border-border bg-surface md:block" aria-label="Sidebar">
      <div className="sticky top-0 flex max-h-screen flex-col overflow-y-auto px-3 py-5">
        <div className="px-3">
          <Logo />
        </div>
        <nav className="mt-6 space-y-1" aria-label="Main">
          <Item to="/" icon={Home} label="Home" />
          <Item to="/explore" icon={Compass} label="Explore" />
          {user && <Item to="/dashboard/listener" icon={Library} label="Your Library" />}
        </nav>
        {user?.role === 'creator' && (
          <Section title="Creator">
            <Item to="/creator/dashboard" icon={LayoutDashboard} label="Dashboard" />
            <Item to="/creator/upload" icon={Upload} label="Upload" />
            <Item to="/creator/live" icon={Radio} label="Go Live" />
            <Item to="/creator/analytics" icon={BarChart3} label="Analytics" />
            {/* After the spec's four: the revenue share's statements (issue 37). */}
            <Item to="/creator/earnings" icon={DollarSign} label="Earnings" />
          </Section>
        )}
        {user && (
          <Section title="Your Playlists">
            <Suspense fallback={null}>
              <YourPlaylists />
            </Suspense>
          </Section>
        )}
        {user && (
          <Suspense fallback={null}>
            <UpgradeCard />
          </Suspense>
        )}
      </div>
    </aside>
  );
}

import { Compass, Home, Library, Upload, User } from 'lucide-react';
import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { useSession } from '../features/auth/session';
import { cn } from '../lib/cn';

function Tab({ to, icon: Icon, label }: { to: string; icon: ComponentType<{ className?: string }>; label: string }) {
  return (
    <NavLink
      to={to}
      end={to === '/'}
      className={({ isActive }) =>
        cn('flex flex-1 flex-col items-center gap-1 py-2 text-xs', isActive ? 'text-fg' : 'text-muted')
      }
    >
      <Icon className="size-5" aria-hidden />
      {label}
    </NavLink>
  );
}

/** Mobile bottom bar: Home, Explore, Upload (creators), Library, Profile. */
export function MobileNav() {
  const { user } = useSession();
  return (
    <nav className="fixed inset-x-0 bottom-0 z-30 flex border-t border-border bg-surface md:hidden" aria-label="Mobile">
      <Tab to="/" icon={Home} label="Home" />
      <Tab to="/explore" icon={Compass} label="Explore" />
      {user?.role === 'creator' && <Tab to="/creator/upload" icon={Upload} label="Upload" />}
      <Tab to="/dashboard/listener" icon={Library} label="Library" />
      <Tab to="/profile" icon={User} label="Profile" />
    </nav>
  );
}

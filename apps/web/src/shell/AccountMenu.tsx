import { LayoutDashboard, LogOut, Settings, User } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../components/ui/Avatar';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '../components/ui/Menu';
import type { SessionUser } from '../features/auth/session';
import { useSignOut } from '../features/auth/useSignOut';

const itemClass = 'rounded-none px-4 py-2.5';

function MenuLink({
  to,
  icon: Icon,
  label,
}: {
  to: string;
  icon: ComponentType<{ className?: string }>;
  label: string;
}) {
  return (
    <MenuItem asChild className={itemClass}>
      <Link to={to}>
        <Icon className="size-4 text-muted" aria-hidden />
        {label}
      </Link>
    </MenuItem>
  );
}

/**
 * The avatar menu of the top bar (spec: Shell): display name and email, Profile, Creator
 * Dashboard (creators only), Settings, Sign Out. Loaded lazily by UserMenu, only for a signed-in
 * user, so Radix stays out of the anonymous home route's JavaScript.
 */
export default function AccountMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  return (
    <Menu>
      <MenuTrigger
        aria-label="Account menu"
        data-testid="user-menu-button"
        className="rounded-full focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Avatar src={user.avatarUrl} name={user.displayName} email={user.email} size="md" />
      </MenuTrigger>
      <MenuContent aria-label="Account" className="w-64 overflow-hidden py-1">
        <MenuLabel className="flex items-center gap-3 border-b border-border px-4 py-3">
          <Avatar src={user.avatarUrl} name={user.displayName} email={user.email} size="md" />
          <span className="min-w-0">
            <span className="block truncate font-semibold" data-testid="user-menu-name">
              {user.displayName || user.email.split('@')[0]}
            </span>
            <span className="block truncate text-sm text-muted" data-testid="user-menu-email">
              {user.email}
            </span>
          </span>
        </MenuLabel>
        <MenuLink to="/profile" icon={User} label="Profile" />
        {user.role === 'creator' && (
          <MenuLink to="/creator/dashboard" icon={LayoutDashboard} label="Creator Dashboard" />
        )}
        <MenuLink to="/settings" icon={Settings} label="Settings" />
        <MenuSeparator />
        <MenuItem className={itemClass} onSelect={() => void signOut()}>
          <LogOut className="size-4 text-muted" aria-hidden />
          Sign Out
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}

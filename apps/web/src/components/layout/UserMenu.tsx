import { LayoutDashboard, LogOut, Settings, User } from 'lucide-react';
import { type ComponentType, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../features/auth/session';
import { useSignOut } from '../../features/auth/useSignOut';
import { Avatar } from '../ui/Avatar';

const menuItems = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

const itemClass =
  'flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm text-fg hover:bg-surface-2 focus:bg-surface-2 focus:outline-none';

function MenuLink({
  to,
  icon: Icon,
  label,
  onSelect,
}: {
  to: string;
  icon: ComponentType<{ className?: string }>;
  label: string;
  onSelect: () => void;
}) {
  return (
    <Link to={to} role="menuitem" tabIndex={-1} className={itemClass} onClick={onSelect}>
      <Icon className="size-4 text-muted" aria-hidden />
      {label}
    </Link>
  );
}

/**
 * The avatar menu of the top bar (spec: Shell): display name and email, Profile, Creator
 * Dashboard (creators only), Settings, Sign Out. A menu button: arrows move, Escape closes.
 */
export function UserMenu() {
  const { user } = useSession();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = (focusButton = false) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    menuItems(menu.current)[0]?.focus();
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  if (!user) return null;

  const onMenuKey = (e: KeyboardEvent) => {
    const list = menuItems(menu.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      list[(at + step + list.length) % list.length]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      (e.key === 'Home' ? list[0] : list.at(-1))?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label="Account menu"
        data-testid="user-menu-button"
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className="rounded-full focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Avatar src={user.avatarUrl} name={user.displayName} email={user.email} size="md" />
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          tabIndex={-1}
          aria-label="Account"
          onKeyDown={onMenuKey}
          className="absolute top-full right-0 z-40 mt-2 w-64 overflow-hidden rounded-card border border-border bg-surface py-1 shadow-2xl"
        >
          <div className="flex items-center gap-3 border-b border-border px-4 py-3">
            <Avatar src={user.avatarUrl} name={user.displayName} email={user.email} size="md" />
            <div className="min-w-0">
              <p className="truncate font-semibold" data-testid="user-menu-name">
                {user.displayName || user.email.split('@')[0]}
              </p>
              <p className="truncate text-sm text-muted" data-testid="user-menu-email">
                {user.email}
              </p>
            </div>
          </div>
          <MenuLink to="/profile" icon={User} label="Profile" onSelect={() => close()} />
          {user.role === 'creator' && (
            <MenuLink
              to="/creator/dashboard"
              icon={LayoutDashboard}
              label="Creator Dashboard"
              onSelect={() => close()}
            />
          )}
          <MenuLink to="/settings" icon={Settings} label="Settings" onSelect={() => close()} />
          <div className="my-1 border-t border-border" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            onClick={() => {
              close();
              void signOut();
            }}
          >
            <LogOut className="size-4 text-muted" aria-hidden />
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}

import * as Popover from '@radix-ui/react-popover';
import type { TNotification } from '@wavecast/shared';
import { timeAgo } from '@wavecast/shared';
import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner';
import { cn } from '../../../lib/cn';
import { useMarkAllRead, useMarkRead, useNotifications } from '../queries';
import { useNotificationStream } from '../useNotificationStream';

/**
 * The top bar's bell: unread dot, and a popover (Radix: Escape or a click outside closes it, focus
 * returns to the bell) of notifications that lead to what happened. Loaded lazily by
 * NotificationBell, only for a signed-in user.
 */
export default function NotificationPopover({ userId }: { userId: string }) {
  const live = useNotificationStream(userId);
  const query = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = query.data?.pages[0]?.unreadCount ?? 0;

  const openItem = (n: TNotification) => {
    if (!n.read) markRead.mutate(n.id);
    setOpen(false);
    if (n.link) navigate(n.link);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className="relative grid size-10 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
        data-testid="notification-bell"
        data-live={live}
      >
        <Bell className="size-5" aria-hidden />
        {unread > 0 && (
          <span
            className="absolute top-2 right-2 size-2.5 rounded-full bg-live ring-2 ring-bg"
            data-testid="notification-dot"
            aria-hidden
          />
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Notifications"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-[min(24rem,calc(100vw-2rem))] overflow-hidden rounded-card border border-border bg-surface shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-border px-4 py-3">
            <h2 className="font-semibold">Notifications</h2>
            <button
              type="button"
              onClick={() => markAll.mutate()}
              disabled={unread === 0}
              className="flex items-center gap-1 text-sm text-primary hover:underline disabled:text-muted disabled:no-underline"
            >
              <CheckCheck className="size-4" aria-hidden />
              Mark all as read
            </button>
          </div>
          <div className="max-h-[min(28rem,70vh)] overflow-y-auto">
            {query.isPending ? (
              <div className="grid place-items-center py-8">
                <Spinner />
              </div>
            ) : query.isError ? (
              <p className="px-4 py-8 text-center text-sm text-error">Could not load notifications.</p>
            ) : items.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-muted">No notifications yet</p>
            ) : (
              <ul data-testid="notification-list">
                {items.map((n) => {
                  const body = (
                    <>
                      <Avatar n={n} />
                      <span className="min-w-0 flex-1">
                        <span className={cn('block text-sm break-words', !n.read && 'font-semibold')}>{n.title}</span>
                        <time dateTime={n.createdAt} className="block text-xs text-muted">
                          {timeAgo(n.createdAt)}
                        </time>
                      </span>
                      {!n.read && (
                        <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
                          <span className="sr-only">Unread</span>
                        </span>
                      )}
                    </>
                  );
                  const row = cn('flex w-full items-start gap-3 px-4 py-3 text-left', !n.read && 'bg-primary/10');
                  return (
                    <li key={n.id}>
                      {n.link ? (
                        <button type="button" onClick={() => openItem(n)} className={cn(row, 'hover:bg-surface-2')}>
                          {body}
                        </button>
                      ) : (
                        // Nowhere to go (e.g. a private profile): plain text, not a dead link.
                        <div className={row} data-testid="notification-text">
                          {body}
                        </div>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            {query.hasNextPage && (
              <button
                type="button"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
                className="w-full border-t border-border px-4 py-3 text-sm font-semibold text-muted hover:text-fg"
              >
                {query.isFetchingNextPage ? 'Loading...' : 'Show older'}
              </button>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function Avatar({ n }: { n: TNotification }) {
  const name = n.actor?.displayName ?? '';
  if (n.actor?.avatarUrl)
    return <img src={n.actor.avatarUrl} alt="" className="size-9 shrink-0 rounded-full object-cover" />;
  return (
    <span className="grid size-9 shrink-0 place-items-center rounded-full bg-surface-2 font-bold text-sm">
      {name ? name.charAt(0).toUpperCase() : <Bell className="size-4 text-muted" aria-hidden />}
    </span>
  );
}

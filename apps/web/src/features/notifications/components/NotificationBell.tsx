import { Bell } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useSession } from '../../auth/session';

// The popover (and Radix with it) loads only once someone is signed in: the anonymous home route
// never fetches it (e2e/budget.spec.ts).
const NotificationPopover = lazy(() => import('./NotificationPopover'));

/** The top bar's bell for the signed-in user (see NotificationPopover). */
export function NotificationBell() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Suspense
      fallback={
        <span aria-hidden className="grid size-10 place-items-center text-muted">
          <Bell className="size-5" />
        </span>
      }
    >
      <NotificationPopover userId={user.id} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { Avatar } from '../components/ui/Avatar';
import { useSession } from '../features/auth/session';

// The menu (and Radix with it) loads only once someone is signed in: the anonymous home route
// never fetches it (e2e/budget.spec.ts).
const AccountMenu = lazy(() => import('./AccountMenu'));

/** The top bar's avatar menu for the signed-in user (see AccountMenu). */
export function UserMenu() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Suspense
      fallback={
        // Same size and picture while the menu's module loads; not a control until it can open.
        <span aria-hidden className="block rounded-full">
          <Avatar src={user.avatarUrl} name={user.displayName} email={user.email} size="md" />
        </span>
      }
    >
      <AccountMenu user={user} />
    </Suspense>
  );
}

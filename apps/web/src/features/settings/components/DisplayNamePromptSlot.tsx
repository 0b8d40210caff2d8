import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../auth/session';

// Loaded only for an account without a name: not part of anyone's first page.
const DisplayNamePrompt = lazy(() => import('./DisplayNamePrompt').then((m) => ({ default: m.DisplayNamePrompt })));

/** Where the layout asks a signed-in account without a display name for one (not in Settings, which has the field). */
export function DisplayNamePromptSlot() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  if (!user || user.displayName || dismissed || pathname.endsWith('/settings')) return null;
  return (
    <Suspense fallback={null}>
      <DisplayNamePrompt onDismiss={() => setDismissed(true)} />
    </Suspense>
  );
}

import type { TProfile } from '@wavecast/shared';
import { Lock, UserX } from 'lucide-react';
import { type ReactNode, useDeferredValue } from 'react';
import { ButtonLink } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { useProfile } from '../queries';

/** Loads a profile; shows not-found (the page's own texts) or private states instead of the page. */
export function ProfileGate({
  id,
  notFound,
  children,
}: {
  id: string;
  notFound: { title: string; detail: string };
  children: (profile: TProfile) => ReactNode;
}) {
  const profile = useProfile(id);
  // The page is rendered at transition priority, in slices, not in one long task (Lighthouse TBT).
  const data = useDeferredValue(profile.data);
  if (profile.isPending || (data === undefined && profile.data !== undefined)) {
    return (
      <div className="grid place-items-center py-24">
        <Spinner />
      </div>
    );
  }
  if (profile.isError) {
    const status = profile.error instanceof ApiError ? profile.error.status : 0;
    const hidden = status === 403;
    return (
      <section className="grid place-items-center py-24 text-center">
        {hidden ? (
          <Lock className="size-12 text-muted" aria-hidden />
        ) : (
          <UserX className="size-12 text-muted" aria-hidden />
        )}
        <h1 className="mt-4 text-3xl font-bold">
          {hidden ? 'This profile is private' : status === 404 ? notFound.title : 'Something went wrong'}
        </h1>
        <p className="mt-2 max-w-md text-muted">
          {hidden
            ? 'Only people this user allows can see their profile.'
            : status === 404
              ? notFound.detail
              : profile.error.message}
        </p>
        <ButtonLink to="/explore" className="mt-8">
          Back to Explore
        </ButtonLink>
      </section>
    );
  }
  return <>{children(data ?? profile.data)}</>;
}

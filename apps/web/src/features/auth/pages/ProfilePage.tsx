import { useQuery } from '@tanstack/react-query';
import type { TOwnProfile } from '@wavecast/shared';
import { formatMonthYear } from '@wavecast/shared';
import { LayoutDashboard, Settings, UserRound } from 'lucide-react';
import { Avatar } from '../../../components/ui/Avatar';
import { ButtonLink } from '../../../components/ui/Button';
import { api } from '../../../lib/api';
import { profilePath } from '../../../lib/profilePath';
import { useSession } from '../session';

const ROLE_LABELS: Record<string, string> = {
  listener: 'Listener',
  creator: 'Creator',
  affiliate: 'Affiliate',
  advertiser: 'Advertiser',
  admin: 'Admin',
};

/** /profile: the signed-in user's simple welcome page (spec: Profiles). */
export default function ProfilePage() {
  const { user } = useSession();
  const profile = useQuery({
    queryKey: ['me', 'profile'],
    queryFn: () => api<{ profile: TOwnProfile }>('/api/me/profile'),
  });
  if (!user) return null;
  const name = user.displayName || user.email.split('@')[0];
  const publicPath = profilePath(user);
  const since = profile.data?.profile.createdAt;

  return (
    <section className="mx-auto max-w-3xl">
      <div className="overflow-hidden rounded-card border border-border bg-surface">
        <div className="h-28 bg-gradient-to-r from-primary/60 via-primary/25 to-live/30 sm:h-36" />
        <div className="px-5 pb-6 sm:px-8">
          <Avatar
            src={user.avatarUrl}
            name={user.displayName}
            email={user.email}
            size="xl"
            className="-mt-12 ring-4 ring-surface"
          />
          <h1 className="mt-4 text-2xl font-bold tracking-tight break-words sm:text-3xl">Welcome, {name}!</h1>
          <p className="mt-1 text-muted break-all">{user.email}</p>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <span className="rounded-full bg-primary/15 px-3 py-1 font-medium text-primary">
              {ROLE_LABELS[user.role]}
            </span>
            {since && <span className="text-muted">Member since {formatMonthYear(since)}</span>}
          </div>
          {profile.data?.profile.bio && (
            <p className="mt-4 whitespace-pre-line text-sm text-fg/90">{profile.data.profile.bio}</p>
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to="/settings">
              <Settings className="size-4" aria-hidden />
              Edit Profile
            </ButtonLink>
            <ButtonLink to={publicPath} variant="outline">
              <UserRound className="size-4" aria-hidden />
              View Public Profile
            </ButtonLink>
            {user.role === 'creator' && (
              <ButtonLink to="/creator/dashboard" variant="outline">
                <LayoutDashboard className="size-4" aria-hidden />
                Creator Dashboard
              </ButtonLink>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

import type { TProfile } from '@wavecast/shared';
import { formatMonthYear } from '@wavecast/shared';
import { CalendarDays, Globe, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/Avatar';
import { ReportButton } from '../../moderation/components/ReportButton';
import { FollowButton } from './FollowButton';

/** Only http(s) links become anchors; anything else stays text. */
export function safeWebsite(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

export function Stat({ value, label, testId }: { value: number | null; label: string; testId?: string }) {
  if (value === null) return null;
  return (
    <span>
      <strong className="text-fg" data-testid={testId}>
        {value.toLocaleString('en')}
      </strong>{' '}
      {label}
    </span>
  );
}

/** Avatar, name, role, figures, joined date, website and the Follow button. */
export function ProfileHeader({
  profile,
  fallbackName,
  stats,
}: {
  profile: TProfile;
  fallbackName: string;
  stats: ReactNode;
}) {
  const name = profile.displayName || fallbackName;
  const website = safeWebsite(profile.website);
  return (
    <header className="flex flex-col gap-6 rounded-card bg-gradient-to-br from-primary/30 via-surface to-surface p-6 md:flex-row md:items-end md:p-8">
      <Avatar src={profile.avatarUrl} name={profile.displayName} email={profile.email} size="xl" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-muted capitalize">{profile.role}</p>
        <h1 className="mt-1 truncate text-3xl font-extrabold tracking-tight md:text-4xl">{name}</h1>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">{stats}</p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <span className="flex items-center gap-1">
            <CalendarDays className="size-4" aria-hidden />
            Joined {formatMonthYear(profile.createdAt)}
          </span>
          {website && (
            <a
              href={website}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="flex items-center gap-1 hover:text-fg hover:underline"
            >
              <Globe className="size-4" aria-hidden />
              {new URL(website).host}
            </a>
          )}
          {profile.email && (
            <span className="flex items-center gap-1">
              <Mail className="size-4" aria-hidden />
              {profile.email}
            </span>
          )}
        </p>
      </div>
      <FollowButton profile={profile} />
      <ReportButton targetType="profile" targetId={profile.id} ownerId={profile.id} />
    </header>
  );
}

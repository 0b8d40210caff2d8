import type { TProfile } from '@wavecast/shared';
import { formatLongDate } from '@wavecast/shared';
import { safeWebsite } from './ProfileHeader';

/** Bio, website and joined date; user text is always rendered as text. */
export function ProfileAbout({ profile, name }: { profile: TProfile; name: string }) {
  const website = safeWebsite(profile.website);
  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <h2 className="text-lg font-semibold">About {name}</h2>
        <p className="mt-2 whitespace-pre-line text-muted">{profile.bio?.trim() || 'No bio yet.'}</p>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted">Joined</dt>
        <dd>{formatLongDate(profile.createdAt)}</dd>
        {website && (
          <>
            <dt className="text-muted">Website</dt>
            <dd>
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="text-primary hover:underline"
              >
                {website}
              </a>
            </dd>
          </>
        )}
        {profile.followerCount !== null && (
          <>
            <dt className="text-muted">Followers</dt>
            <dd>{profile.followerCount.toLocaleString('en')}</dd>
          </>
        )}
        <dt className="text-muted">Following</dt>
        <dd>{profile.followingCount.toLocaleString('en')}</dd>
      </dl>
    </div>
  );
}

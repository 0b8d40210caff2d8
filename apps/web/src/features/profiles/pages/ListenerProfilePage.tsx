import { MESSAGES } from '@wavecast/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ActivityList } from '../components/ActivityList';
import { FollowingList } from '../components/FollowingList';
import { ProfileAbout } from '../components/ProfileAbout';
import { ProfileGate } from '../components/ProfileGate';
import { ProfileHeader, Stat } from '../components/ProfileHeader';
import { ProfilePlaylists } from '../components/ProfilePlaylists';
import { ProfileReposts } from '../components/ProfileReposts';
import { Tabs } from '../components/Tabs';

type Tab = 'activity' | 'reposts' | 'playlists' | 'following' | 'about';
const TABS: { value: Tab; label: string }[] = [
  { value: 'activity', label: 'Recent Activity' },
  { value: 'reposts', label: 'Reposts' },
  { value: 'playlists', label: 'Public Playlists' },
  { value: 'following', label: 'Following' },
  { value: 'about', label: 'About' },
];
const UNKNOWN_LISTENER = 'Unknown Listener';

/** /profile/listener/:id: a listener's public page. */
export default function ListenerProfilePage() {
  const { id = '' } = useParams();
  const [tab, setTab] = useState<Tab>('activity');
  return (
    <ProfileGate
      key={id}
      id={id}
      notFound={{
        title: MESSAGES.userNotFound,
        detail: "The user you're looking for doesn't exist or has been removed.",
      }}
    >
      {(profile) => (
        <div className="mx-auto max-w-7xl">
          <ProfileHeader
            profile={profile}
            fallbackName={UNKNOWN_LISTENER}
            stats={
              <>
                <Stat
                  value={profile.followerCount}
                  label={profile.followerCount === 1 ? 'follower' : 'followers'}
                  testId="follower-count"
                />
                <Stat value={profile.followingCount} label="following" testId="following-count" />
              </>
            }
          />
          <div className="mt-8">
            <Tabs label="Profile sections" tabs={TABS} value={tab} onChange={setTab}>
              {tab === 'activity' && <ActivityList id={profile.id} />}
              {tab === 'reposts' && <ProfileReposts id={profile.id} name={profile.displayName || UNKNOWN_LISTENER} />}
              {tab === 'playlists' && <ProfilePlaylists id={profile.id} />}
              {tab === 'following' && <FollowingList id={profile.id} isSelf={profile.isSelf} />}
              {tab === 'about' && <ProfileAbout profile={profile} name={profile.displayName || UNKNOWN_LISTENER} />}
            </Tabs>
          </div>
        </div>
      )}
    </ProfileGate>
  );
}

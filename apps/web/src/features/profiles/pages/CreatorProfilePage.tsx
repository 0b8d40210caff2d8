import { MESSAGES } from '@wavecast/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ProfileAlbums } from '../../albums/components/ProfileAlbums';
import { UNKNOWN_CREATOR } from '../../discovery/components/LiveCard';
import { CreatorFeedLink } from '../../podcasts/components/FeedLink';
import { ProfileAbout } from '../components/ProfileAbout';
import { ProfileGate } from '../components/ProfileGate';
import { ProfileHeader, Stat } from '../components/ProfileHeader';
import { ProfilePlaylists } from '../components/ProfilePlaylists';
import { ProfileReposts } from '../components/ProfileReposts';
import { ProfileTracks } from '../components/ProfileTracks';
import { Tabs } from '../components/Tabs';

type Tab = 'tracks' | 'playlists' | 'albums' | 'reposts' | 'about';
const TABS: { value: Tab; label: string }[] = [
  { value: 'tracks', label: 'Tracks' },
  { value: 'playlists', label: 'Playlists' },
  { value: 'albums', label: 'Albums' },
  { value: 'reposts', label: 'Reposts' },
  { value: 'about', label: 'About' },
];

/** /profile/:id: a creator's public page. */
export default function CreatorProfilePage() {
  const { id = '' } = useParams();
  const [tab, setTab] = useState<Tab>('tracks');
  return (
    <ProfileGate
      key={id}
      id={id}
      notFound={{ title: MESSAGES.creatorNotFound, detail: MESSAGES.creatorNotFoundDetail }}
    >
      {(profile) => {
        const name = profile.displayName || UNKNOWN_CREATOR;
        return (
          <div className="mx-auto max-w-7xl">
            <ProfileHeader
              profile={profile}
              fallbackName={UNKNOWN_CREATOR}
              stats={
                <>
                  <Stat
                    value={profile.followerCount}
                    label={profile.followerCount === 1 ? 'follower' : 'followers'}
                    testId="follower-count"
                  />
                  <Stat
                    value={profile.trackCount}
                    label={profile.trackCount === 1 ? 'track' : 'tracks'}
                    testId="track-count"
                  />
                </>
              }
            />
            <div className="mt-3">
              <CreatorFeedLink userId={profile.id} name={name} />
            </div>
            <div className="mt-8">
              <Tabs label="Profile sections" tabs={TABS} value={tab} onChange={setTab}>
                {tab === 'tracks' && (
                  <>
                    {/* The cards' titles are h3: an outline level between them and the name (h1). */}
                    <h2 className="sr-only">Tracks by {name}</h2>
                    <ProfileTracks id={profile.id} />
                  </>
                )}
                {tab === 'playlists' && <ProfilePlaylists id={profile.id} />}
                {tab === 'albums' && <ProfileAlbums id={profile.id} name={name} />}
                {tab === 'reposts' && <ProfileReposts id={profile.id} name={name} />}
                {tab === 'about' && <ProfileAbout profile={profile} name={name} />}
              </Tabs>
            </div>
          </div>
        );
      }}
    </ProfileGate>
  );
}

import type { HelpArticle } from './types';

const category = 'listening' as const;

export const listening: HelpArticle[] = [
  {
    slug: 'creating-a-playlist',
    category,
    popular: true,
    title: 'Creating a playlist',
    summary: 'Collect tracks into playlists you can play, shuffle and share.',
    body: [
      {
        steps: [
          'Sign in and select Create Playlist in the Your Playlists section of the sidebar.',
          'Give it a name, and optionally a description and cover.',
          'Choose whether it is public (shown on your profile and in search) or private (only you).',
        ],
      },
      'Your new playlist appears in the sidebar. Open it to play it from the start or shuffle it.',
    ],
  },
  {
    slug: 'adding-tracks-to-a-playlist',
    category,
    title: 'Adding tracks to a playlist',
    summary: 'Add from track cards, the track page or the player.',
    body: [
      'Use the More menu on a track card or on the track page and choose Add to playlist, or add the playing track from the player bar. Pick the playlist, and the track is added at the end.',
    ],
  },
  {
    slug: 'reordering-a-playlist',
    category,
    title: 'Reordering and removing tracks',
    summary: 'Put your playlist in exactly the order you want.',
    body: [
      'Open the playlist and drag a track by its handle to a new position. With a keyboard, focus the handle and use the arrow keys to move it up or down.',
      'To take a track out, choose Remove on it. Only the playlist’s owner can change it.',
    ],
  },
  {
    slug: 'playlist-privacy',
    category,
    title: 'Public and private playlists',
    summary: 'Choose who can see each playlist.',
    body: [
      'Public playlists appear on your profile and in search results. Private playlists are visible only to you — they are hidden from everyone else everywhere on Wavecast.',
      'Change a playlist’s visibility at any time from the playlist page.',
    ],
  },
  {
    slug: 'using-the-queue',
    category,
    title: 'Using the queue',
    summary: 'Line up what plays next.',
    body: [
      'Add tracks to the queue from a track’s More menu. Open the queue panel from the player bar to see how many tracks are waiting, reorder them, remove one or clear the queue.',
      'When a track ends, the next one in the queue starts automatically. Playing a whole playlist fills the queue in playlist order.',
    ],
  },
  {
    slug: 'player-controls',
    category,
    title: 'Player controls',
    summary: 'Play, skip, seek, volume and speed.',
    body: [
      {
        list: [
          'Play/pause, previous and next. Previous restarts the track, or goes to the previous one if you are near the start.',
          'Seek by clicking anywhere on the waveform.',
          'Volume with mute — unmuting brings back your previous level.',
          'Playback speed from 0.5× to 3×, handy for podcasts and lectures.',
        ],
      },
      'Your current track, position, queue, volume and speed survive a page reload.',
    ],
  },
  {
    slug: 'keyboard-shortcuts',
    category,
    title: 'Keyboard shortcuts',
    summary: 'Control playback without the mouse.',
    body: [
      {
        list: [
          'Space: play or pause',
          'Left and right arrows: seek backwards and forwards',
          'Shift + left / right arrow: previous or next track',
          'M: mute or unmute',
        ],
      },
      'Shortcuts do nothing while you are typing in a text field. Your keyboard’s media keys and your headphones’ buttons work too.',
    ],
  },
  {
    slug: 'resuming-long-episodes',
    category,
    title: 'Picking up where you left off',
    summary: 'Long episodes remember your position on every device.',
    body: [
      'For tracks longer than 10 minutes — podcasts, audiobooks, lectures — your position is saved to your account as you listen. Open the track on any device where you are signed in and it resumes from there.',
      'Unfinished episodes appear in the Continue listening shelf.',
    ],
  },
  {
    slug: 'liking-tracks',
    category,
    title: 'Liking tracks',
    summary: 'Save tracks to Liked Songs.',
    body: [
      'Select the heart on a track card, in the player or on the track page. Liked tracks are saved to Liked Songs in your library, and the creator sees the like count go up. Select the heart again to unlike.',
    ],
  },
  {
    slug: 'recently-played',
    category,
    title: 'Recently played',
    summary: 'Find that track you heard yesterday.',
    body: [
      'Recently Played in the sidebar and in your library lists what you listened to, newest first. It only includes tracks you actually listened to, not ones you skipped straight past.',
    ],
  },
  {
    slug: 'your-library',
    category,
    title: 'Your Library',
    summary: 'Everything you keep, in one place.',
    body: [
      'Your Library brings together your liked tracks, playlists, followed creators, recently played and unfinished episodes. Open it from the sidebar, or from Library in the bottom bar on a phone.',
    ],
  },
  {
    slug: 'commenting-on-tracks',
    category,
    title: 'Commenting on tracks',
    summary: 'Post, read and delete comments.',
    body: [
      'Signed in, type in the comment box on a track page and select Post. Empty comments cannot be posted. Your name, avatar and the time appear with your comment.',
      'You can delete your own comments, and creators can delete comments on their tracks. Keep it kind — see our Community Guidelines.',
    ],
  },
  {
    slug: 'timestamped-comments',
    category,
    title: 'Comments at a moment in the track',
    summary: 'Comment on the exact second you are hearing.',
    body: [
      'When you comment while a track is playing, you can attach the current playback position. Such comments show as markers on the waveform; click a marker to jump straight to that moment.',
    ],
  },
  {
    slug: 'downloading-and-sharing',
    category,
    title: 'Downloading and sharing tracks',
    summary: 'Save a track for offline use or send it to a friend.',
    body: [
      'If the creator allows downloads, the track page has a Download button that saves the original file. Please respect the creator’s rights — downloads are for personal listening.',
      'Share copies the track’s link, or opens your device’s share sheet where available.',
    ],
  },
  {
    slug: 'listening-to-live-streams',
    category,
    title: 'Listening to live streams',
    summary: 'Join a live show and chat with the host.',
    body: [
      'Live streams are marked LIVE on the home page, in Explore and on the live streams page. Open one to start listening at the live edge — usually less than a second behind the host.',
      'Sign in to join the chat. When the host ends the stream you will see that it has ended, with a link to the recording once it is published.',
    ],
  },
];

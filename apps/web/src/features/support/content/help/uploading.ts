import type { HelpArticle } from './types';

const category = 'uploading' as const;

export const uploading: HelpArticle[] = [
  {
    slug: 'uploading-your-first-track',
    category,
    popular: true,
    title: 'Uploading your first track',
    summary: 'Publish music, a podcast episode or an audiobook chapter in a few steps.',
    body: [
      'You need a creator account to upload. Open Upload from the Creator section of the sidebar (or the Upload tab on a phone).',
      {
        steps: [
          'Choose your audio file. MP3, WAV, M4A, FLAC, AAC and Ogg files up to 100 MB are accepted.',
          'Optionally choose a cover image (JPEG, PNG or WebP).',
          'Enter a title — it is required — and a description.',
          'Pick a category and add tags and chapter markers if you like.',
          'Leave Public ticked to publish it for everyone, or untick it to keep it private.',
          'Select Upload Audio and watch the progress bar reach 100%.',
        ],
      },
      'When the upload finishes you are taken to your creator dashboard, where the new track appears. It can be played right away while we prepare the streaming version.',
    ],
  },
  {
    slug: 'supported-audio-formats',
    category,
    popular: true,
    title: 'Supported audio formats and file size',
    summary: 'MP3, WAV, M4A, FLAC, AAC and Ogg files up to 100 MB.',
    body: [
      'You can upload MP3, WAV, M4A, FLAC, AAC and Ogg (Vorbis or Opus) files. Each file can be up to 100 MB.',
      'We check the file’s actual contents, not its name, so renaming a file to .mp3 will not make it playable. Files that cannot be decoded are refused with an explanation.',
      'Your original file is kept for downloads, and we create a streaming version that plays smoothly in every browser.',
      { tip: 'Long recordings over 100 MB? Export as MP3 at 128–192 kbps: an hour of speech is roughly 55–85 MB.' },
    ],
  },
  {
    slug: 'why-was-my-upload-rejected',
    category,
    title: 'Why was my upload rejected?',
    summary: 'The common reasons an upload fails, and how to fix them.',
    body: [
      {
        list: [
          'The file is larger than 100 MB — export it at a lower bitrate or split it into parts.',
          'The file is not audio, or is damaged or incomplete — try exporting it again from your editor.',
          'The cover is not a JPEG, PNG or WebP image — SVG and other formats are not accepted.',
          'The title is empty — every track needs a title.',
          'Your session expired — sign in again and retry.',
        ],
      },
      'A failed or cancelled upload leaves nothing behind, so you can simply try again. If it keeps failing, contact us with the file type and size.',
    ],
  },
  {
    slug: 'adding-cover-art',
    category,
    title: 'Adding cover art',
    summary: 'Make your track stand out with a cover image.',
    body: [
      'Choose a cover image when uploading, or add or change it later by editing the track. JPEG, PNG and WebP images are accepted.',
      'Square images look best: we show covers in square tiles and resize them for every screen. 1400 × 1400 pixels or more keeps them sharp.',
      'Tracks without a cover show the default Wavecast artwork.',
    ],
  },
  {
    slug: 'titles-and-descriptions',
    category,
    title: 'Writing good titles and descriptions',
    summary: 'Help listeners and search find your audio.',
    body: [
      'Search looks at your title, description and tags, so say plainly what the track is: "Morning Meditation – 10 minutes for focus" beats "Track 7".',
      'Use the description for show notes, credits, guests and links. Line breaks are kept.',
    ],
  },
  {
    slug: 'choosing-a-category',
    category,
    title: 'Choosing a category',
    summary: 'Music, Podcast, Audiobook, Educational, Meditation or Other.',
    body: [
      'Every upload belongs to one category: Music, Podcast, Audiobook, Educational, Meditation or Other. If you do not choose one, the track is filed as Uncategorized.',
      'The category decides where your track appears when listeners browse Explore and the Categories page, so pick the one your listeners would look in.',
    ],
  },
  {
    slug: 'adding-tags',
    category,
    title: 'Adding tags',
    summary: 'Tags describe genre, mood and topics.',
    body: [
      'Type a tag and press Enter to add it. Spaces around a tag are trimmed, duplicates are ignored and empty tags are skipped.',
      'Tags are searchable and shown on the track page, so use words listeners would type: a genre, a mood, a topic or a guest’s name.',
    ],
  },
  {
    slug: 'adding-chapter-markers',
    category,
    title: 'Adding chapter markers',
    summary: 'Let listeners jump to the part they want.',
    body: [
      'Chapters are ideal for podcasts, audiobooks and lessons. Add each chapter with a title and a start time written as minutes and seconds, for example 12:30.',
      'Chapters appear on the track page and in the player, where listeners can skip to the next or previous one.',
      { tip: 'A start time is only accepted if both parts are numbers — type 5:07, not 5m7s.' },
    ],
  },
  {
    slug: 'public-and-private-tracks',
    category,
    title: 'Public and private tracks',
    summary: 'Control who can find and play each track.',
    body: [
      'Public tracks appear in Explore, categories, search and on your profile. Private tracks are visible and playable only by you — they are never shown or streamed to anyone else.',
      'Switch a track between public and private at any time by editing it. Recordings of your live streams start as private drafts.',
    ],
  },
  {
    slug: 'upload-progress-and-processing',
    category,
    title: 'Upload progress and processing',
    summary: 'What happens after you select Upload Audio.',
    body: [
      'The progress bar shows your audio uploading (up to 70%), then your cover (up to 90%), then the track being saved (100%). Select Cancel at any time to stop; nothing is kept.',
      'After uploading we prepare the track: a streaming version for every browser, loudness measurement so it plays at an even volume, and a waveform. Your dashboard shows the track as processing until this is done — it can already be played from the original in the meantime.',
      'If processing fails, the dashboard shows the reason so you can fix the file and upload it again.',
    ],
  },
  {
    slug: 'editing-a-track',
    category,
    title: 'Editing a track',
    summary: 'Change details, cover, chapters and visibility after publishing.',
    body: [
      'Open your creator dashboard and choose Edit on the track. You can change the title, description, category, tags, chapters, cover, whether it is public, and whether downloads are allowed.',
      'Changes apply immediately. To replace the audio itself, upload it as a new track and delete the old one.',
    ],
  },
  {
    slug: 'deleting-a-track',
    category,
    title: 'Deleting a track',
    summary: 'Remove a track and its files for good.',
    body: [
      'On your creator dashboard, choose Delete on the track and confirm. The track, its audio files, cover and waveform are removed, and it disappears from playlists and search.',
      'Deleting cannot be undone. If you only want to hide a track, make it private instead.',
    ],
  },
  {
    slug: 'allowing-downloads',
    category,
    title: 'Allowing or preventing downloads',
    summary: 'Decide whether listeners can download your original file.',
    body: [
      'Each track has a download setting, switched on by default. When it is on, listeners see a Download button on the track page that gives them your original file.',
      'Turn it off by editing the track. The track can still be streamed; only the download goes away.',
    ],
  },
  {
    slug: 'audio-quality-tips',
    category,
    title: 'Tips for great-sounding uploads',
    summary: 'Get the best out of our processing.',
    body: [
      {
        list: [
          'Upload the best version you have — a WAV or FLAC master, or MP3 at 192 kbps or more.',
          'Avoid clipping: leave a little headroom below 0 dB.',
          'Do not worry about matching loudness between tracks: we measure each upload and play it back at an even level.',
          'For speech, a quiet room matters more than an expensive microphone.',
        ],
      },
    ],
  },
  {
    slug: 'publishing-a-podcast',
    category,
    title: 'Publishing a podcast',
    summary: 'Set up your show and release episodes.',
    body: [
      'Upload each episode with the Podcast category. Put the show name and episode number in the title, and your show notes in the description.',
      'Add chapter markers for segments and guests. Episodes longer than 10 minutes remember each listener’s position, so they can pick up where they stopped on any device.',
      'Going live? Your live shows are recorded and become draft tracks you can publish as episodes.',
    ],
  },
  {
    slug: 'publishing-an-audiobook',
    category,
    title: 'Publishing an audiobook',
    summary: 'Chapters, long files and listening position.',
    body: [
      'Choose the Audiobook category. A whole book rarely fits in 100 MB, so upload one file per part or chapter and group them in a public playlist in reading order.',
      'Within each file, chapter markers let listeners jump between sections, and their listening position is saved automatically.',
      'Only publish audiobooks you hold the rights to — see our Copyright Policy.',
    ],
  },
  {
    slug: 'creator-dashboard',
    category,
    title: 'Your creator dashboard',
    summary: 'Plays, followers, content and live streams at a glance.',
    body: [
      'The dashboard shows four figures — Total Plays, Followers, Audio Content and Live Streams — followed by quick actions to upload, go live, see analytics and open your settings.',
      'Below, your tracks are listed with their status (processing, ready or failed), visibility and plays, with Edit and Delete. Recent Activity shows new followers, comments and other events on your content.',
    ],
  },
  {
    slug: 'how-plays-are-counted',
    category,
    title: 'How plays are counted',
    summary: 'Why play counts on Wavecast are honest.',
    body: [
      'A play counts once someone has actually listened: 30 seconds, or half the track if it is shorter than a minute.',
      'The same listener is counted at most once per track every 30 minutes, so replaying a track over and over does not inflate its count. Listeners who are not signed in count too.',
    ],
  },
];

import type { HelpArticle } from './types';

const category = 'getting-started' as const;

export const gettingStarted: HelpArticle[] = [
  {
    slug: 'creating-an-account',
    category,
    popular: true,
    title: 'Creating your Wavecast account',
    summary: 'Sign up with your email in under a minute and choose whether you listen or create.',
    body: [
      'You can listen to public tracks without an account. An account lets you like tracks, follow creators, comment, build playlists and — as a creator — upload and go live.',
      {
        steps: [
          'Select Sign up in the top bar.',
          'Enter your email address and a password of at least 6 characters, then type the password again to confirm it.',
          'Choose your account type: Listener (the default) or Creator.',
          'Tick the box to accept the Terms of Service and Privacy Policy, then select Create Account.',
        ],
      },
      'You are signed in straight away and taken to the home page.',
      {
        tip: 'Very common passwords are refused. Use a passphrase of a few unrelated words — it is easy to remember and hard to guess.',
      },
    ],
  },
  {
    slug: 'signing-in-with-google-or-github',
    category,
    title: 'Signing in with Google or GitHub',
    summary: 'Use an existing Google or GitHub account instead of a password.',
    body: [
      'On the Log in and Sign up pages, select Continue with Google or Continue with GitHub (shown when this server offers them). You are sent to that provider to confirm, then returned to the Wavecast home page, signed in.',
      'The first time you sign in this way we create a listener account using the name and picture your provider shares. You can change both in Settings → Profile, and switch to a creator account there too.',
      { tip: 'The buttons only appear when the provider is enabled on this Wavecast instance.' },
    ],
  },
  {
    slug: 'staying-signed-in',
    category,
    title: 'Staying signed in and signing out',
    summary: 'What the Remember me box does, and how to sign out everywhere.',
    body: [
      'When you log in you can tick Remember me. With it ticked you stay signed in on that browser for up to 30 days of inactivity; without it, your session ends when you close the browser.',
      'To sign out, open the avatar menu at the top right and choose Sign Out. Your session ends on our server too, and you are taken to the login page.',
      { tip: 'Changing or resetting your password signs you out on your other devices.' },
    ],
  },
  {
    slug: 'finding-your-way-around',
    category,
    title: 'Finding your way around',
    summary: 'The sidebar, top bar, player bar and mobile navigation explained.',
    body: [
      'On a computer, the left sidebar takes you Home, to Explore and — once signed in — to Your Library and your playlists. Creators also see a Creator section with Dashboard, Upload, Go Live and Analytics.',
      'The top bar holds the search box. Signed in, you also see the notification bell and your avatar menu with Profile, Settings and Sign Out.',
      'On a phone, the bar at the bottom of the screen gives you Home, Explore, Library and Profile (and Upload for creators).',
      'Once you play something, the player bar stays at the bottom of every page so your audio keeps going while you browse.',
    ],
  },
  {
    slug: 'playing-your-first-track',
    category,
    popular: true,
    title: 'Playing your first track',
    summary: 'Start listening from the home page, Explore or search.',
    body: [
      {
        steps: [
          'Open Home or Explore and find a track you like — or search for it in the top bar.',
          'Select the play button on its cover. The player bar appears at the bottom of the page.',
          'Use the player bar to pause, skip, seek along the waveform and change the volume.',
          'Select the track title to open its page with the description, chapters and comments.',
        ],
      },
      'Playback carries on while you move around the site, and the player remembers where you were if you reload the page.',
    ],
  },
  {
    slug: 'browsing-categories',
    category,
    title: 'Browsing by category',
    summary: 'Find music, podcasts, audiobooks, educational, meditation audio and live shows.',
    body: [
      'Explore lets you filter by category: Music, Podcasts, Audiobooks, Educational, Meditation and Live Shows. You can also choose to see everything, only recorded audio or only live streams, sorted by most recent or most popular.',
      'The Categories page shows each category with a short description. Pick one to see its public tracks, and use Load More to keep going.',
    ],
  },
  {
    slug: 'searching-wavecast',
    category,
    title: 'Searching for tracks, creators and live streams',
    summary: 'One search box finds audio, people and live shows — even with typos.',
    body: [
      'Type into the search box at the top of any page and press Enter. Results are grouped into Audio Content, Creators and Live Streams, with a count for each.',
      'Search looks at titles, descriptions, tags and creator names, and forgives small typos: "meditaton" still finds "Meditation".',
      {
        tip: 'Not sure where to start? Try one of the popular searches shown on the search page, such as podcast or meditation.',
      },
    ],
  },
  {
    slug: 'account-types',
    category,
    title: 'Account types: listener, creator, affiliate and advertiser',
    summary: 'What each kind of account can do.',
    body: [
      {
        list: [
          'Listeners browse, search, play, follow creators, comment and keep a library and playlists. Every account starts here.',
          'Creators do everything listeners do, and also upload audio, go live and get a creator dashboard.',
          'Affiliates earn commission on people they refer with their referral link.',
          'Advertisers run campaigns across the platform.',
        ],
      },
      'You choose Listener or Creator when you sign up. Affiliate and advertiser accounts are set up by our team — contact us to get started.',
    ],
  },
  {
    slug: 'becoming-a-creator',
    category,
    title: 'Switching from listener to creator',
    summary: 'Start publishing without creating a new account.',
    body: [
      'If you signed up as a listener, you can become a creator at any time from Settings. Your likes, playlists and follows stay exactly as they are.',
      'Once you are a creator, the Creator section appears in the sidebar with Dashboard, Upload, Go Live and Analytics, and the Upload tab appears in the mobile navigation.',
    ],
  },
  {
    slug: 'following-creators',
    category,
    title: 'Following creators',
    summary: 'Keep up with the people you love listening to.',
    body: [
      'Open a creator’s profile and select Follow. The button changes to Following; select it again to unfollow.',
      'When a creator you follow uploads a new track or goes live, you get a notification in the bell at the top of the page (you can choose which notifications you get in Settings → Notifications).',
    ],
  },
  {
    slug: 'using-wavecast-on-your-phone',
    category,
    title: 'Using Wavecast on your phone',
    summary: 'Everything works in your mobile browser — no app to install.',
    body: [
      'Open Wavecast in your phone’s browser and sign in. Navigation moves to the bar at the bottom of the screen.',
      'Playback keeps going when you lock your phone, and you can pause, skip and seek from the lock screen and your headphones’ buttons.',
      { tip: 'Add Wavecast to your home screen from your browser’s share menu for one-tap access.' },
    ],
  },
  {
    slug: 'supported-browsers',
    category,
    title: 'Supported browsers',
    summary: 'Which browsers play audio and let you go live.',
    body: [
      'Wavecast works in current versions of Chrome, Edge, Firefox and Safari on desktop and mobile.',
      'Going live needs microphone access and in-browser audio recording, which Chrome, Edge and Firefox support best. Listening to live shows works in all of them.',
      'If something does not work, update your browser first, then try with extensions disabled.',
    ],
  },
];

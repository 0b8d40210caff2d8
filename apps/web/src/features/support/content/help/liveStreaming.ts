import type { HelpArticle } from './types';

const category = 'live-streaming' as const;

export const liveStreaming: HelpArticle[] = [
  {
    slug: 'going-live-from-your-browser',
    category,
    popular: true,
    title: 'Going live from your browser',
    summary: 'Start a live broadcast with just a browser and a microphone.',
    body: [
      'Creators can broadcast live without installing anything. Open Go Live from the Creator section of the sidebar.',
      {
        steps: [
          'Enter a stream title and choose a category — both are required.',
          'Optionally add a description and up to 5 tags.',
          'Allow microphone access when your browser asks, and check the level meter moves when you speak.',
          'Select Go Live. The button shows Connecting... until our server receives your audio, then you are live.',
          'When you are done, select End Stream.',
        ],
      },
      'Listeners hear you with well under a second of delay, and your stream appears in Live Now and on the live streams page while you broadcast.',
      { tip: 'Use headphones so your microphone does not pick up the chat notifications or your own monitor audio.' },
    ],
  },
  {
    slug: 'microphone-permissions',
    category,
    title: 'Allowing microphone access',
    summary: 'Fix "Microphone access denied" and choose the right microphone.',
    body: [
      'Your browser asks before any site can use your microphone. If you selected Block, you will see a message that microphone access was denied and Go Live stays disabled.',
      {
        steps: [
          'Select the lock or settings icon next to the address bar.',
          'Set Microphone to Allow for this site.',
          'Reload the Go Live page.',
        ],
      },
      'To use a different microphone, pick it in the same site settings menu or in your operating system’s sound settings.',
    ],
  },
  {
    slug: 'setting-up-your-microphone',
    category,
    title: 'Setting your levels',
    summary: 'Read the level meter and use mute.',
    body: [
      'The level meter shows how loud your microphone is: green is good, amber (above 50%) is getting loud and red (above 80%) is too loud and may distort. Aim for speech peaking in the green and occasionally amber.',
      'Echo cancellation, noise suppression and automatic gain are switched on for you. Use the mute toggle to silence your microphone without ending the stream.',
    ],
  },
  {
    slug: 'live-categories-and-tags',
    category,
    title: 'Live categories and tags',
    summary: 'Help listeners find your show while it is on air.',
    body: [
      'Live streams use their own categories: Music, Talk Shows, Education, Entertainment, News, Sports, Technology and Gaming. Listeners can filter the live streams page by category.',
      'Add up to 5 tags; the first 3 appear on your stream’s card.',
    ],
  },
  {
    slug: 'managing-live-chat',
    category,
    title: 'Managing live chat',
    summary: 'Talk with listeners and keep the chat friendly.',
    body: [
      'Signed-in listeners can chat on your stream’s page. As the host you can delete any message and mute a listener who breaks our Community Guidelines.',
      'Chat is kept with your recording as timestamped comments, so the conversation stays with the show.',
    ],
  },
  {
    slug: 'viewer-counts',
    category,
    title: 'Viewer counts',
    summary: 'How many people are listening right now.',
    body: [
      'The viewer count shows how many people are listening at this moment and updates live, on your Go Live page, on the stream page and on stream cards. Your peak audience is stored for your analytics.',
    ],
  },
  {
    slug: 'ending-a-stream-and-recordings',
    category,
    title: 'Ending a stream and publishing the recording',
    summary: 'Every broadcast becomes a draft track.',
    body: [
      'Select End Stream to finish. Listeners see that the stream has ended, and it disappears from the live lists.',
      'Your broadcast is recorded automatically. A few moments after you end it, the recording appears on your dashboard as a private draft track, with the chat kept as timestamped comments. Publish it with one click, edit its details first, or delete it.',
    ],
  },
  {
    slug: 'connection-problems-while-live',
    category,
    title: 'Connection problems while live',
    summary: 'What happens if your internet drops.',
    body: [
      'If your connection drops briefly, Wavecast reconnects and your stream continues. If you stay disconnected for longer, the stream ends and the recording up to that point is kept.',
      'For a steady stream, use a wired or strong Wi-Fi connection, close other uploads and video calls, and keep the Go Live tab open and in the foreground.',
    ],
  },
];

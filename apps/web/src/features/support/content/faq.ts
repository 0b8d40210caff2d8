import { FAQ_AUDIO_FORMATS, SUPPORT_RESPONSE_TIMES } from '@wavecast/shared';

export interface FaqGroup {
  id: string;
  title: string;
  items: { question: string; answer: string }[];
}

const formats = `${FAQ_AUDIO_FORMATS.slice(0, -1).join(', ')} and ${FAQ_AUDIO_FORMATS.at(-1)}`;

/** The support FAQ: the spec's four groups. */
export const FAQ_GROUPS: FaqGroup[] = [
  {
    id: 'general',
    title: 'General',
    items: [
      {
        question: 'What is Wavecast?',
        answer:
          'Wavecast is an audio platform where creators upload music, podcasts and audiobooks and broadcast live from their browser, and listeners discover, play, follow and chat with them.',
      },
      {
        question: 'Is Wavecast free?',
        answer:
          'Yes. Listening is free and creators can upload and go live on the free plan. Optional paid plans add extras such as unlimited streaming and ad-free listening; see the Pricing page.',
      },
      {
        question: 'Do I need an account to listen?',
        answer:
          'No. Anyone can play public tracks and live streams. An account lets you like tracks, follow creators, comment, chat and build playlists.',
      },
      {
        question: 'What kinds of accounts are there?',
        answer:
          'Listener (the default), Creator, Affiliate and Advertiser. You choose Listener or Creator at sign-up; our team sets up affiliate and advertiser accounts.',
      },
    ],
  },
  {
    id: 'creators',
    title: 'For Creators',
    items: [
      {
        question: 'What audio formats can I upload?',
        answer: `We support ${formats}, as well as M4A and Ogg. Each file can be up to 100 MB.`,
      },
      {
        question: 'How do I go live?',
        answer:
          'Open Go Live from the Creator section, enter a title, choose a category, allow microphone access and select Go Live. No extra software is needed.',
      },
      {
        question: 'What happens to my stream when it ends?',
        answer:
          'Every broadcast is recorded. When you end it, the recording becomes a private draft track on your dashboard that you can publish with one click.',
      },
      {
        question: 'Can I keep a track private?',
        answer:
          'Yes. Untick Public when uploading, or edit the track later. Private tracks are never listed or streamed to anyone but you.',
      },
      {
        question: 'How are plays counted?',
        answer:
          'A play counts once someone has really listened — 30 seconds or half the track, whichever is shorter — and at most once per listener every 30 minutes.',
      },
    ],
  },
  {
    id: 'listeners',
    title: 'For Listeners',
    items: [
      {
        question: 'How do I create a playlist?',
        answer:
          'Sign in and select Create Playlist in the sidebar. Add tracks from a track’s More menu or from the player, and drag them into the order you like.',
      },
      {
        question: 'Will I be notified when a creator goes live?',
        answer:
          'Yes, if you follow them and live stream alerts are switched on in Settings → Notifications. The bell at the top of the page shows new notifications.',
      },
      {
        question: 'Can I download tracks?',
        answer:
          'When the creator allows it, the track page has a Download button that saves the original file for personal listening.',
      },
      {
        question: 'Does Wavecast remember where I stopped?',
        answer:
          'Yes. For tracks longer than 10 minutes your position is saved to your account, so you can resume on any device.',
      },
    ],
  },
  {
    id: 'technical',
    title: 'Technical Support',
    items: [
      {
        question: 'Audio does not play. What can I do?',
        answer:
          'Check that your device is not muted and the player volume is up, then reload the page. If it still fails, try another browser or disable extensions that block media.',
      },
      {
        question: 'My microphone is not detected when going live.',
        answer:
          'Allow microphone access for Wavecast in your browser’s site settings (the icon next to the address bar), make sure the right input device is selected, and reload Go Live.',
      },
      {
        question: 'Why did my upload fail?',
        answer:
          'The file may be over 100 MB, damaged, or not an audio file. Cover images must be JPEG, PNG or WebP. A failed upload leaves nothing behind, so you can try again.',
      },
      {
        question: 'I forgot my password.',
        answer:
          'Select Forgot password on the Log in page and enter your email. We send you a link to set a new password.',
      },
      {
        question: 'How quickly does support reply?',
        answer: `Email replies arrive ${SUPPORT_RESPONSE_TIMES.email.toLowerCase()}. Send us a message from the Contact Us page.`,
      },
    ],
  },
];

/** Groups with only the items whose question or answer contains the query (case-insensitive). */
export function filterFaq(groups: FaqGroup[], query: string): FaqGroup[] {
  const q = query.trim().toLowerCase();
  if (!q) return groups;
  return groups
    .map((g) => ({
      ...g,
      items: g.items.filter((i) => i.question.toLowerCase().includes(q) || i.answer.toLowerCase().includes(q)),
    }))
    .filter((g) => g.items.length > 0);
}

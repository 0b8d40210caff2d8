import type { HelpArticle } from './types';

const category = 'safety' as const;

export const safety: HelpArticle[] = [
  {
    slug: 'privacy-settings',
    category,
    popular: true,
    title: 'Your privacy settings',
    summary: 'Choose who sees your profile, email and followers.',
    body: [
      'In Settings → Privacy you decide:',
      {
        list: [
          'Profile visibility: Public (everyone), Followers (only people who follow you) or Private (only you).',
          'Show email: whether your email address appears on your profile. It is off by default.',
          'Show followers: whether others can see who follows you.',
          'Allow messages: whether other users can contact you.',
        ],
      },
      'Select Save Settings. These choices are enforced by our servers, not just hidden in the app.',
    ],
  },
  {
    slug: 'reporting-content',
    category,
    title: 'Reporting content or users',
    summary: 'Tell us about something that breaks the rules.',
    body: [
      'Use Report in the More menu of a track, or contact us with the category Content & Copyright and include a link to the track, stream, comment or profile.',
      'Our team reviews every report against the Community Guidelines and acts according to how severe the violation is. We do not tell the reported user who reported them.',
    ],
  },
  {
    slug: 'copyright-and-takedowns',
    category,
    title: 'Copyright and takedown requests',
    summary: 'If someone uploaded your work without permission.',
    body: [
      'If you own the rights to audio that someone uploaded or streamed without permission, send us a takedown notice through the contact form with the category Content & Copyright.',
      'Our Copyright Policy lists what the notice must contain and explains counter-notices and what happens to repeat infringers.',
    ],
  },
  {
    slug: 'keeping-your-account-secure',
    category,
    title: 'Keeping your account secure',
    summary: 'Simple steps that protect your account.',
    body: [
      {
        list: [
          'Use a password you do not use anywhere else.',
          'Untick Remember me on shared computers, and sign out when you are done.',
          'We will never ask for your password by email or chat.',
          'If you think someone else has used your account, change your password: this signs out every other device.',
        ],
      },
    ],
  },
  {
    slug: 'controlling-who-can-contact-you',
    category,
    title: 'Controlling who can contact you',
    summary: 'Limit unwanted messages and attention.',
    body: [
      'Turn off Allow messages in Settings → Privacy to stop other users contacting you, and set your profile to Followers or Private to limit who sees it.',
      'In live chat, hosts can mute users who harass others. If someone is bothering you, report them.',
    ],
  },
  {
    slug: 'what-data-we-keep',
    category,
    title: 'What data we keep about you',
    summary: 'A plain-language summary of our Privacy Policy.',
    body: [
      'We keep your account (email and a securely hashed password), your profile and settings, what you upload and stream, and your activity on Wavecast such as plays, likes, follows, comments and playlists.',
      'We use one cookie, to keep you signed in. We do not use advertising trackers and we do not sell your data. The Privacy Policy has the full details.',
    ],
  },
];

/** The four legal documents the /legal index lists. */
export const LEGAL_DOCUMENTS = [
  {
    slug: 'terms',
    title: 'Terms of Service',
    description:
      'The agreement between you and Wavecast: accounts, your content, acceptable use and our responsibilities.',
  },
  {
    slug: 'privacy',
    title: 'Privacy Policy',
    description: 'What personal data we keep, why, how long, who can see it, and your rights.',
  },
  {
    slug: 'cookies',
    title: 'Cookie Policy',
    description: 'The single session cookie we use, and what we store in your browser.',
  },
  {
    slug: 'copyright',
    title: 'Copyright Policy',
    description: 'How to report infringement, file a counter-notice, and how we handle repeat infringers.',
  },
] as const;

export const LEGAL_UPDATED = 'November 1, 2026';

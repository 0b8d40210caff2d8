// Spec section 9, support: help-centre categories with their article counts, contact categories.
// Support hours and response times are SUPPORT_HOURS / SUPPORT_RESPONSE_TIMES in constants.ts.
import type { CONTACT_CATEGORIES } from './constants';

export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

/** Readable labels of the contact categories (the stored values are the spec's keys). */
export const CONTACT_CATEGORY_LABELS: Record<ContactCategory, string> = {
  technical: 'Technical Support',
  billing: 'Billing & Payments',
  account: 'Account Issues',
  content: 'Content & Copyright',
  feature: 'Feature Request',
  other: 'Other',
};

/** The help centre's six categories; `articleCount` is the spec's figure (12, 18, 8, 15, 10, 6). */
export const HELP_CATEGORIES = [
  {
    id: 'getting-started',
    name: 'Getting Started',
    description: 'Create your account, find your way around and play your first track.',
    articleCount: 12,
  },
  {
    id: 'uploading',
    name: 'Uploading & Creating',
    description: 'Upload audio, add covers, tags and chapters, and manage your tracks.',
    articleCount: 18,
  },
  {
    id: 'live-streaming',
    name: 'Live Streaming',
    description: 'Go live from your browser, talk with your audience and keep recordings.',
    articleCount: 8,
  },
  {
    id: 'listening',
    name: 'Listening & Playlists',
    description: 'Play, queue, like, follow and organise your library and playlists.',
    articleCount: 15,
  },
  {
    id: 'account',
    name: 'Account & Billing',
    description: 'Profile, password, notifications, plans and payments.',
    articleCount: 10,
  },
  {
    id: 'safety',
    name: 'Privacy & Safety',
    description: 'Privacy settings, reporting content and keeping your account secure.',
    articleCount: 6,
  },
] as const;
export type HelpCategoryId = (typeof HELP_CATEGORIES)[number]['id'];

/** The audio formats the FAQ names (the upload hint names MP3, WAV and M4A). */
export const FAQ_AUDIO_FORMATS = ['MP3', 'WAV', 'FLAC', 'AAC'] as const;

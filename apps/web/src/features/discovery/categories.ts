import type { EXPLORE_CATEGORIES, UPLOAD_CATEGORIES } from '@wavecast/shared';
import { BookOpen, Flower2, GraduationCap, type LucideIcon, Mic, Music, Radio, Shapes } from 'lucide-react';

/** Home tiles: the Explore categories, each linking to /explore?category={lowercased name}. */
export const EXPLORE_TILES: { name: (typeof EXPLORE_CATEGORIES)[number]; icon: LucideIcon; tint: string }[] = [
  { name: 'Music', icon: Music, tint: 'from-fuchsia-600 to-purple-700' },
  { name: 'Podcasts', icon: Mic, tint: 'from-orange-500 to-rose-600' },
  { name: 'Audiobooks', icon: BookOpen, tint: 'from-amber-500 to-orange-700' },
  { name: 'Educational', icon: GraduationCap, tint: 'from-sky-500 to-blue-700' },
  { name: 'Meditation', icon: Flower2, tint: 'from-emerald-500 to-teal-700' },
  { name: 'Live Shows', icon: Radio, tint: 'from-rose-500 to-red-700' },
];

/** The categories page: the six upload categories, with what each holds. */
export const CATEGORY_INFO: {
  name: (typeof UPLOAD_CATEGORIES)[number];
  description: string;
  icon: LucideIcon;
  tint: string;
}[] = [
  {
    name: 'Music',
    description: 'Songs, mixes and live sets from independent artists.',
    icon: Music,
    tint: 'from-fuchsia-600 to-purple-700',
  },
  {
    name: 'Podcast',
    description: 'Conversations, interviews and shows on every topic.',
    icon: Mic,
    tint: 'from-orange-500 to-rose-600',
  },
  {
    name: 'Audiobook',
    description: 'Stories and books, read aloud chapter by chapter.',
    icon: BookOpen,
    tint: 'from-amber-500 to-orange-700',
  },
  {
    name: 'Educational',
    description: 'Lectures, lessons and explainers to learn something new.',
    icon: GraduationCap,
    tint: 'from-sky-500 to-blue-700',
  },
  {
    name: 'Meditation',
    description: 'Guided meditations and soundscapes for focus and rest.',
    icon: Flower2,
    tint: 'from-emerald-500 to-teal-700',
  },
  {
    name: 'Other',
    description: 'Field recordings, sound art and everything in between.',
    icon: Shapes,
    tint: 'from-slate-500 to-slate-700',
  },
];

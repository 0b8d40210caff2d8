import type { ChapterMarker } from '../schema/tracks';
import type { DemoSound } from './sound';

export interface DemoCreator {
  id: string;
  email: string;
  displayName: string;
  bio: string;
  website?: string;
}

export interface DemoTrack {
  creator: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  /** What the generated audio sounds like (see sound.ts). */
  sound: DemoSound;
  seconds: number;
  cover: string;
  chapters?: Omit<ChapterMarker, 'id'>[];
}

export const DEMO_CREATORS: DemoCreator[] = [
  {
    id: 'demo-aurora',
    email: 'aurora@demo.wavecast.local',
    displayName: 'Aurora Waves',
    bio: 'Ambient and downtempo producer from Lisbon.',
    website: 'https://example.com/aurora',
  },
  {
    id: 'demo-talkbox',
    email: 'talkbox@demo.wavecast.local',
    displayName: 'The Talkbox',
    bio: 'A weekly podcast about sound, tech and the people behind both.',
  },
  {
    id: 'demo-calm',
    email: 'calm@demo.wavecast.local',
    displayName: 'Calm Collective',
    bio: 'Guided meditations and soundscapes for focus and rest.',
  },
  {
    id: 'demo-library',
    email: 'library@demo.wavecast.local',
    displayName: 'Open Library Audio',
    bio: 'Public-domain audiobooks and lectures, read aloud.',
  },
];

export const DEMO_TRACKS: DemoTrack[] = [
  {
    creator: 'demo-aurora',
    title: 'Midnight Drive',
    description: 'A slow synth ride through an empty city.',
    category: 'Music',
    tags: ['synthwave', 'night', 'chill'],
    sound: {
      kind: 'beat',
      bpm: 100,
      chords: [
        [110, 130.8, 164.8],
        [87.3, 110, 130.8],
        [130.8, 164.8, 196],
        [98, 123.5, 146.8],
      ],
    },
    seconds: 24,
    cover: '0x3b2a6b',
  },
  {
    creator: 'demo-aurora',
    title: 'Coastal Sunrise',
    description: 'Warm pads for the first light over the sea.',
    category: 'Music',
    tags: ['ambient', 'morning'],
    sound: {
      kind: 'pads',
      barSeconds: 4,
      chords: [
        [196, 247, 294],
        [165, 196, 247],
        [131, 165, 196],
        [147, 185, 220],
      ],
    },
    seconds: 20,
    cover: '0xe0823d',
  },
  {
    creator: 'demo-aurora',
    title: 'Neon Rain',
    description: 'Downtempo beat with glassy chords.',
    category: 'Music',
    tags: ['downtempo', 'electronic'],
    sound: {
      kind: 'beat',
      bpm: 84,
      chords: [
        [147, 174.6, 220],
        [116.5, 146.8, 174.6],
        [130.8, 164.8, 196],
        [110, 138.6, 164.8],
      ],
    },
    seconds: 18,
    cover: '0x1f7a8c',
  },
  {
    creator: 'demo-talkbox',
    title: 'Episode 1: How Streaming Works',
    description: 'An interview about codecs, buffers and latency in live audio.',
    category: 'Podcast',
    tags: ['interview', 'technology', 'podcast'],
    sound: { kind: 'speech', voices: [118, 205], syllablesPerSecond: 4.4 },
    seconds: 40,
    cover: '0x8c1f4a',
    chapters: [
      { title: 'Intro', startTime: 0 },
      { title: 'Codecs', startTime: 12 },
      { title: 'Latency', startTime: 28 },
    ],
  },
  {
    creator: 'demo-talkbox',
    title: 'Episode 2: The Home Studio',
    description: 'Microphones, rooms and the gear that matters for podcasting.',
    category: 'Podcast',
    tags: ['podcast', 'gear'],
    sound: { kind: 'speech', voices: [196, 125], syllablesPerSecond: 4.8 },
    seconds: 32,
    cover: '0x5a1f8c',
    chapters: [
      { title: 'Welcome', startTime: 0 },
      { title: 'Microphones', startTime: 15 },
    ],
  },
  {
    creator: 'demo-calm',
    title: 'Morning Meditation',
    description: 'Ten breaths to start the day with a clear mind.',
    category: 'Meditation',
    tags: ['meditation', 'breathing', 'calm'],
    sound: { kind: 'breath', chord: [136.1, 204.15, 272.2], breathSeconds: 8 },
    seconds: 30,
    cover: '0x2e8b57',
    chapters: [
      { title: 'Settle', startTime: 0 },
      { title: 'Breathe', startTime: 10 },
      { title: 'Return', startTime: 22 },
    ],
  },
  {
    creator: 'demo-calm',
    title: 'Deep Focus Soundscape',
    description: 'Soft drones that help you concentrate.',
    category: 'Meditation',
    tags: ['focus', 'study'],
    sound: {
      kind: 'pads',
      barSeconds: 6.5,
      chords: [
        [128, 192, 256],
        [120, 160, 240],
        [107, 160, 214],
      ],
    },
    seconds: 26,
    cover: '0x3c6e71',
  },
  {
    creator: 'demo-calm',
    title: 'Evening Wind Down',
    description: 'A gentle body scan before sleep.',
    category: 'Meditation',
    tags: ['sleep', 'relax'],
    sound: { kind: 'breath', chord: [110, 138.6, 165], breathSeconds: 10 },
    seconds: 22,
    cover: '0x283d3b',
  },
  {
    creator: 'demo-library',
    title: 'A Short History of Radio',
    description: 'From spark gaps to podcasts: a lecture in three parts.',
    category: 'Educational',
    tags: ['history', 'education', 'radio'],
    sound: { kind: 'speech', voices: [132], syllablesPerSecond: 4.2 },
    seconds: 36,
    cover: '0x9c6644',
    chapters: [
      { title: 'Spark gaps', startTime: 0 },
      { title: 'Broadcast era', startTime: 12 },
      { title: 'The internet', startTime: 24 },
    ],
  },
  {
    creator: 'demo-library',
    title: 'The Sound of Physics',
    description: 'What frequency, amplitude and timbre really are.',
    category: 'Educational',
    tags: ['science', 'education'],
    sound: { kind: 'speech', voices: [188], syllablesPerSecond: 4.6 },
    seconds: 28,
    cover: '0x6b705c',
  },
  {
    creator: 'demo-library',
    title: 'Tales by the Fire, Chapter 1',
    description: 'An audiobook of old folk tales, read slowly.',
    category: 'Audiobook',
    tags: ['audiobook', 'stories'],
    sound: { kind: 'speech', voices: [108], syllablesPerSecond: 3.6 },
    seconds: 34,
    cover: '0x7f5539',
    chapters: [
      { title: 'The Miller', startTime: 0 },
      { title: 'The River', startTime: 17 },
    ],
  },
  {
    creator: 'demo-aurora',
    title: 'Field Recording: City Park',
    description: 'Birds, wind and distant traffic.',
    category: 'Other',
    tags: ['field recording', 'nature'],
    sound: { kind: 'field' },
    seconds: 16,
    cover: '0x606c38',
  },
];

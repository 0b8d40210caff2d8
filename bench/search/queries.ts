import { vocabulary } from './vocabulary';

/** What people type: typos, partial words, common and rare words, names, and junk. */
export function benchQueries(): { kind: string; q: string }[] {
  const words = vocabulary(50_000);
  const rare = words[40_000] as string;
  const rareTypo = rare.slice(0, -2) + rare.slice(-1);
  return [
    { kind: 'common word', q: 'morning' },
    { kind: 'common word', q: 'love' },
    { kind: 'two words', q: 'midnight drive' },
    { kind: 'two words', q: 'ocean waves' },
    { kind: 'phrase', q: '"deep focus"' },
    { kind: 'typo', q: 'meditaton' },
    { kind: 'typo', q: 'symphny' },
    { kind: 'typo', q: 'ocen' },
    { kind: 'typos, two words', q: 'mornin meditaton' },
    { kind: 'typos, two words', q: 'podcst intervew' },
    { kind: 'partial word', q: 'medit' },
    { kind: 'partial word', q: 'galax' },
    { kind: 'creator name', q: 'Nina Stone' },
    { kind: 'rare word', q: rare },
    { kind: 'rare word typo', q: rareTypo },
    { kind: 'short', q: 'lo' },
    { kind: 'short', q: 'a' },
    { kind: 'no match', q: 'zzzzqqq' },
    { kind: 'syntax', q: '"deep focus" -ocean' },
    { kind: 'syntax', q: "%_* ' & | !(" },
    { kind: 'syntax', q: 'rock or jazz' },
  ];
}

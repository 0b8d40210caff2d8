import { describe, expect, it } from 'vitest';
import { FAQ_GROUPS, filterFaq } from './faq';

const questions = (groups: ReturnType<typeof filterFaq>) => groups.flatMap((g) => g.items.map((i) => i.question));

describe('support FAQ', () => {
  it('has the spec’s four groups', () => {
    expect(FAQ_GROUPS.map((g) => g.title)).toEqual(['General', 'For Creators', 'For Listeners', 'Technical Support']);
  });

  it('names MP3, WAV, FLAC and AAC in the formats answer', () => {
    const formats = FAQ_GROUPS[1].items[0];
    expect(formats.answer).toContain('MP3, WAV, FLAC and AAC');
  });

  it('filters by question or answer text, ignoring case', () => {
    expect(questions(filterFaq(FAQ_GROUPS, 'flac'))).toEqual(['What audio formats can I upload?']);
    expect(questions(filterFaq(FAQ_GROUPS, 'PLAYLIST'))).toContain('How do I create a playlist?');
    expect(filterFaq(FAQ_GROUPS, '  ')).toBe(FAQ_GROUPS);
    expect(filterFaq(FAQ_GROUPS, 'no such words here')).toEqual([]);
  });
});

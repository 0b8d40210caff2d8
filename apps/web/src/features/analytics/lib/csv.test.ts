import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes commas and quotes, and neutralises formulas', () => {
    expect(
      toCsv(
        ['Title', 'Plays'],
        [
          ['A, "B"', 2],
          ['=HYPERLINK("x")', 0],
        ],
      ),
    ).toBe('Title,Plays\r\n"A, ""B""",2\r\n"\'=HYPERLINK(""x"")",0');
  });
});

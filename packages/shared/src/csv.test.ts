import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('csvCell', () => {
  it('defuses a text cell starting with = + - @ TAB or CR (OWASP CSV injection)', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes cells with a comma, a double quote or a line break, doubling the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('writes numbers and booleans as they are (a negative number is data), empties as nothing, objects as JSON', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(1.5)).toBe('1.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell({ role: 'listener' })).toBe('"{""role"":""listener""}"');
  });

  it('quotes every text cell with quoteText, still defused', () => {
    expect(csvCell('plain', { quoteText: true })).toBe('"plain"');
    expect(csvCell('-1.00', { quoteText: true })).toBe('"\'-1.00"');
    expect(csvCell(3, { quoteText: true })).toBe('3');
  });
});

describe('csvRow', () => {
  it('joins the cells with commas', () => {
    expect(csvRow(['a', 1, null, '=x', 'b,c'])).toBe('a,1,,\'=x,"b,c"');
  });
});

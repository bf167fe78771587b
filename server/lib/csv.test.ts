import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('CSV', () => {
  it('quotes cells holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvLine(['Harbor, Inc.', 'say "hi"', 'two\nlines', 'plain'])).toBe(
      '"Harbor, Inc.","say ""hi""","two\nlines",plain\r\n',
    );
  });

  it('keeps a spreadsheet from running a cell as a formula, and numbers as numbers', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('@sum')).toBe("'@sum");
    // each of the six characters OWASP names, one at a time, and none of them when it is not first
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvCell('a=1+1')).toBe('a=1+1');
    expect(csvCell('Smith-Jones @ home')).toBe('Smith-Jones @ home');
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(null)).toBe('');
  });
});

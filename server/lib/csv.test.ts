import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('CSV', () => {
  it('quotes cells holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvLine(['Harbor, Inc.', 'say "hi"', 'two\nlines', 'plain'])).toBe('"Harbor, Inc.","say ""hi""","two\nlines",plain\r\n');
  });

  it('keeps a spreadsheet from running a cell as a formula, and numbers as numbers', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(null)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { csvLine, toCsv } from './csv.js';

describe('CSV', () => {
  it('quotes separators and quotes, and defuses formulas but not negative amounts', () => {
    expect(toCsv([['a,b', 'say "hi"', '=HYPERLINK("x")', '-4.99', '@me', 3]])).toBe(
      '"a,b","say ""hi""","\'=HYPERLINK(""x"")",-4.99,\'@me,3\r\n',
    );
  });

  it('writes one line at a time for a streamed answer, line breaks and leading tabs inside a cell quoted', () => {
    expect(csvLine(['two\nlines', '\tcmd', '+1+1', -250])).toBe('"two\nlines",\'\tcmd,\'+1+1,-250\r\n');
    expect(toCsv([['a'], ['b']])).toBe(`${csvLine(['a'])}${csvLine(['b'])}`);
  });
});

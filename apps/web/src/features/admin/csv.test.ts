import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes commas, quotes and new lines and ends rows with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n');
  });
  it('neutralises spreadsheet formulas', () => {
    expect(toCsv(['n'], [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@cmd'], ['plain']])).toBe(
      'n\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'-2\r\n\'@cmd\r\nplain\r\n',
    );
  });
});

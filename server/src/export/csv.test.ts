import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csv', () => {
  it('quotes a field holding a comma, a quote, CR or LF, doubling quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('flour, sugar')).toBe('"flour, sugar"');
    expect(csvCell('the "best" loaf')).toBe('"the ""best"" loaf"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('£11,240 – café')).toBe('"£11,240 – café"');
  });

  it("writes a text cell that starts like a formula with a leading ' (CSV injection)", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csvCell('+44 20 7946 0321')).toBe("'+44 20 7946 0321");
    expect(csvCell('-5 kg flour')).toBe("'-5 kg flour");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('=1+2,3')).toBe(`"'=1+2,3"`);
    // only at the start
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('leaves plain numbers as numbers, negative ones too', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('+3')).toBe('+3');
    expect(csvCell('-1000000000000')).toBe('-1000000000000');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(true)).toBe('true');
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(() => csvCell(Number.NaN)).toThrow(TypeError);
  });

  it('writes a header and rows, each line ending in CRLF', () => {
    expect(
      toCsv(
        ['metric', 'value'],
        [
          ['revenue', '11240.50'],
          ['note, with comma', null],
        ],
      ),
    ).toBe('metric,value\r\nrevenue,11240.50\r\n"note, with comma",\r\n');
    expect(toCsv(['a'], [])).toBe('a\r\n');
  });
});

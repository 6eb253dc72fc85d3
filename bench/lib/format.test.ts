import { describe, expect, it } from 'vitest';
import { fmtInt, fmtKb, fmtMs, fmtRate, fmtRatio, fmtScore, markdownTable } from './format.js';

describe('markdownTable', () => {
  it('renders a header, an alignment rule and one line per row', () => {
    const t = markdownTable(
      ['Case', 'req/s'],
      [
        ['health', 1200],
        ['select', 800],
      ],
      [false, true],
    );
    expect(t.split('\n')).toEqual(['| Case | req/s |', '| --- | ---: |', '| health | 1200 |', '| select | 800 |']);
  });

  it('escapes pipes and newlines so a cell cannot break the table', () => {
    const t = markdownTable(['a'], [['x|y\nz']]);
    expect(t.split('\n')[2]).toBe('| x\\|y z |');
  });

  it('pads short rows with empty cells', () => {
    expect(markdownTable(['a', 'b'], [['1']]).split('\n')[2]).toBe('| 1 |  |');
  });
});

describe('number formatters', () => {
  it('print a dash for missing figures', () => {
    for (const f of [fmtInt, fmtRate, fmtMs, fmtKb, fmtScore, fmtRatio]) {
      expect(f(undefined)).toBe('—');
      expect(f(Number.NaN)).toBe('—');
    }
  });

  it('format rates, times, sizes, scores and ratios', () => {
    expect(fmtInt(12345.6)).toBe('12,346');
    expect(fmtRate(12.34)).toBe('12.3');
    expect(fmtRate(1234.5)).toBe('1,235');
    expect(fmtMs(3.456)).toBe('3.5 ms');
    expect(fmtMs(250.4)).toBe('250 ms');
    expect(fmtKb(2048)).toBe('2.0 kB');
    expect(fmtScore(0.934)).toBe('93');
    expect(fmtRatio(4.26)).toBe('4.3×');
  });
});

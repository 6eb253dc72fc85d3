import { describe, expect, it } from 'vitest';
import { changeInWords, lastMonths, monthLabel, onAxis } from './series';

describe('metric series', () => {
  it('puts the last 12 months on the axis, oldest first, with gaps', () => {
    const axis = lastMonths(12, new Date('2026-11-28T00:00:00Z'));
    expect(axis).toHaveLength(12);
    expect(axis[0]).toBe('2025-12-01');
    expect(axis[11]).toBe('2026-11-01');
    expect(onAxis(axis.slice(-2), [{ period_start: '2026-11-01', value: 5 }])).toEqual([
      { period_start: '2026-10-01', value: null },
      { period_start: '2026-11-01', value: 5 },
    ]);
    expect(monthLabel('2026-11-01')).toBe('Nov 2026');
  });

  it('says the change against the previous figure in words', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const p = (...v: (number | null)[]) => v.map((value, i) => ({ period_start: `2026-0${i + 1}-01`, value }));
    expect(changeInWords(p(100, 92), now)).toBe('Down 8 % on the previous month');
    expect(changeInWords(p(100, 100), now)).toBe('No change on the previous month');
    expect(changeInWords(p(0, 10), now)).toBe('Up from zero in the previous month');
    expect(changeInWords(p(-200, -100), now)).toBe('Up 50 % on the previous month');
    expect(changeInWords(p(null, 10), now)).toBe('No previous month to compare yet');
  });

  it('names the month compared with across a gap, and says when the latest month is not over', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const p = (...v: (number | null)[]) => v.map((value, i) => ({ period_start: `2026-0${i + 1}-01`, value }));
    expect(changeInWords(p(100, null, 150), now)).toBe('Up 50 % on Jan 2026');
    const toDate = [
      { period_start: '2026-10-01', value: 1000 },
      { period_start: '2026-11-01', value: 600 },
    ];
    expect(changeInWords(toDate, now)).toBe('Down 40 % on the previous month (month to date)');
    expect(changeInWords(toDate, new Date('2026-12-01T00:00:00Z'))).toBe('Down 40 % on the previous month');
    // December after November: the year turns without a gap
    expect(
      changeInWords(
        [
          { period_start: '2025-12-01', value: 10 },
          { period_start: '2026-01-01', value: 10 },
        ],
        now,
      ),
    ).toBe('No change on the previous month');
  });
});

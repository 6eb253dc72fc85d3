import { describe, expect, it } from 'vitest';
import { addDays, quickDueDates } from './due-dates';

describe('quickDueDates', () => {
  it('on a Monday: Friday is this week, next week starts in seven days', () => {
    expect(quickDueDates('2026-06-01')).toEqual({
      today: '2026-06-01',
      tomorrow: '2026-06-02',
      friday: '2026-06-05',
      nextWeek: '2026-06-08',
    });
  });
  it('on a Friday: "Friday" is next week\'s', () => {
    expect(quickDueDates('2026-06-05').friday).toBe('2026-06-12');
  });
  it('on a Saturday and a Sunday: the coming Friday and Monday', () => {
    expect(quickDueDates('2026-06-06')).toMatchObject({ friday: '2026-06-12', nextWeek: '2026-06-08' });
    expect(quickDueDates('2026-06-07')).toMatchObject({ friday: '2026-06-12', nextWeek: '2026-06-08' });
  });
  it('crosses months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

import { describe, expect, it } from 'vitest';
import { countFigures, figuresToSeries, importProblems, seriesToFigures } from './metrics-import.js';

const now = new Date('2026-06-15T00:00:00Z');

describe('import series', () => {
  it('groups figures by metric and period and back again', () => {
    const figures = [
      { metric_id: 'customers', period: 'month', period_start: '2026-01-01', value: 2 },
      { metric_id: 'revenue', period: 'month', period_start: '2026-01-01', value: 10.5 },
      { metric_id: 'revenue', period: 'month', period_start: '2026-02-01', value: 7 },
    ] as const;
    const series = figuresToSeries(figures);
    expect(series).toEqual([
      { metric_id: 'revenue', period: 'month', values: { '2026-01-01': 10.5, '2026-02-01': 7 } },
      { metric_id: 'customers', period: 'month', values: { '2026-01-01': 2 } },
    ]);
    expect(seriesToFigures(series)).toHaveLength(3);
    expect(countFigures(series)).toBe(3);
  });

  it('lists each figure the database would refuse, and a metric sent twice', () => {
    const problems = importProblems(
      [
        { metric_id: 'revenue', period: 'month', values: { '2026-01-01': 1, '2026-01-02': 1, '2027-01-01': 1, '2026-02-01': 2e12 } },
        { metric_id: 'customers', period: 'week', values: { '2026-01-05': 2.5, '2026-01-12': 3 } },
        { metric_id: 'revenue', period: 'month', values: {} },
      ],
      now,
    );
    expect(problems).toEqual([
      { metric_id: 'revenue', period: 'month', period_start: '2026-01-02', reason: 'period_start' },
      { metric_id: 'revenue', period: 'month', period_start: '2027-01-01', reason: 'period_start' },
      { metric_id: 'revenue', period: 'month', period_start: '2026-02-01', reason: 'value' },
      { metric_id: 'customers', period: 'week', period_start: '2026-01-05', reason: 'value' },
      { metric_id: 'revenue', period: 'month', period_start: null, reason: 'duplicate' },
    ]);
    expect(importProblems([{ metric_id: 'revenue', period: 'month', values: { '2026-01-01': -5 } }], now)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { metricEntryProblem, periodStart, trackedMetricIds } from './metrics.js';

describe('periodStart', () => {
  it('starts a week on Monday and a month on the 1st', () => {
    expect(periodStart('week', new Date('2026-11-28T12:00:00Z'))).toBe('2026-11-23'); // a Saturday
    expect(periodStart('week', new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
    expect(periodStart('week', new Date('2026-11-29T23:00:00Z'))).toBe('2026-11-23'); // Sunday
    expect(periodStart('month', new Date('2026-02-28T00:00:00Z'))).toBe('2026-02-01');
  });
});

describe('trackedMetricIds', () => {
  it('joins onboarding and added metrics once, in the onboarding order', () => {
    expect(trackedMetricIds(['cashflow', 'revenue'], ['revenue', 'leads'])).toEqual(['revenue', 'leads', 'cashflow']);
    expect(trackedMetricIds([], [])).toEqual([]);
  });
});

describe('metricEntryProblem', () => {
  const now = new Date('2026-11-28T00:00:00Z');
  const ok = { metric_id: 'revenue', period: 'month', period_start: '2026-11-01', value: 11240.5 } as const;
  it('accepts sane values per unit', () => {
    expect(metricEntryProblem(ok, now)).toBeNull();
    expect(metricEntryProblem({ ...ok, metric_id: 'profit', value: -500 }, now)).toBeNull();
    expect(metricEntryProblem({ ...ok, metric_id: 'conversion', value: 2.5 }, now)).toBeNull();
  });
  it('refuses non-finite, out-of-range and fractional counts', () => {
    expect(metricEntryProblem({ ...ok, value: Number.NaN }, now)).toBe('value');
    expect(metricEntryProblem({ ...ok, value: Infinity }, now)).toBe('value');
    expect(metricEntryProblem({ ...ok, value: 2e12 }, now)).toBe('value');
    expect(metricEntryProblem({ ...ok, metric_id: 'conversion', value: 101 }, now)).toBe('value');
    expect(metricEntryProblem({ ...ok, metric_id: 'customers', value: 1.5 }, now)).toBe('value');
    expect(metricEntryProblem({ ...ok, metric_id: 'customers', value: -1 }, now)).toBe('value');
  });
  it('refuses a day that starts no period, and the far future', () => {
    expect(metricEntryProblem({ ...ok, period_start: '2026-11-02' }, now)).toBe('period_start');
    expect(metricEntryProblem({ ...ok, period: 'week', period_start: '2026-11-24' }, now)).toBe('period_start');
    expect(metricEntryProblem({ ...ok, period_start: '2027-06-01' }, now)).toBe('period_start');
    expect(metricEntryProblem({ ...ok, period_start: 'soon' }, now)).toBe('period_start');
  });
});

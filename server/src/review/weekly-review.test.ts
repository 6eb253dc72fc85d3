import { describe, expect, it } from 'vitest';
import { metricChange, weeklyMetricLine } from '@app/shared';
import { parseSuggestions } from './weekly-review.js';

describe('parseSuggestions', () => {
  it('takes the numbered or bulleted lines, without Markdown, at most three', () => {
    expect(parseSuggestions('Here you go:\n1. **Ring** the cafés.\n2) Post photos.\n- Chase invoices.\n4. A fourth.')).toEqual([
      'Ring the cafés.',
      'Post photos.',
      'Chase invoices.',
    ]);
  });
  it('falls back to paragraphs when the model did not number them', () => {
    expect(parseSuggestions('Ring the cafés.\n\nPost photos.')).toEqual(['Ring the cafés.', 'Post photos.']);
    expect(parseSuggestions('  ')).toEqual([]);
  });
});

describe('what moved', () => {
  it('says the change in words against the period before', () => {
    const m = { metric: 'revenue' as const, period: 'week' as const, periodStart: '2026-11-16', value: 1200, previous: 1000 };
    expect(weeklyMetricLine({ ...m, ...metricChange(1200, 1000) }, 'GBP')).toBe(
      'Revenue £1,200 in the week of 16 Nov, up 20 % on the week before (£1,000)',
    );
    expect(weeklyMetricLine({ ...m, previous: 0, ...metricChange(1200, 0) }, 'USD')).toBe(
      'Revenue $1,200 in the week of 16 Nov, up from zero on the week before ($0)',
    );
    expect(weeklyMetricLine({ ...m, previous: null, ...metricChange(1200, null) }, 'GBP')).toBe(
      'Revenue £1,200 in the week of 16 Nov, the first figure recorded',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { formatMetric } from './format';

describe('formatMetric', () => {
  it('writes money in the account currency, counts plain and percentages with a sign', () => {
    expect(formatMetric('revenue', 11240, 'GBP')).toBe('£11,240');
    expect(formatMetric('profit', -500.5, 'USD')).toBe('-$500.5');
    expect(formatMetric('customers', 1200, 'GBP')).toBe('1,200');
    expect(formatMetric('conversion', 3.5, 'GBP')).toBe('3.5 %');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney, localToday } from './format';

describe('CRM formats', () => {
  it('money in the account currency, pence only when there are some', () => {
    expect(formatMoney(1250, 'GBP')).toBe('£1,250');
    expect(formatMoney(1250.5, 'GBP')).toBe('£1,250.50');
    expect(formatMoney(0, 'USD')).toBe('US$0');
  });
  it('a calendar day as written, whatever the time zone', () => {
    expect(formatDay('2026-06-05')).toBe('5 Jun 2026');
  });
  it("today's local day", () => {
    expect(localToday(new Date(2026, 0, 9, 23, 30))).toBe('2026-01-09');
  });
});

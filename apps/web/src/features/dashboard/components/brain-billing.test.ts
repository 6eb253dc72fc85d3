import { describe, expect, it } from 'vitest';
import { renewalLine } from './brain-billing';

const summary = (over: Partial<Parameters<typeof renewalLine>[1] & object> = {}) => ({
  balance: 10,
  monthly_granted: 5000,
  monthly_left: 10,
  extra_left: 0,
  period_end: '2026-12-28T10:00:00Z',
  cancel_at_period_end: false,
  paid_online: true,
  ...over,
});

describe('renewalLine', () => {
  it('says when an active plan renews, or ends when it was cancelled at period end', () => {
    expect(renewalLine('active', summary())).toBe('Renews on 28 December 2026');
    expect(renewalLine('past_due', summary())).toBe('Renews on 28 December 2026');
    expect(renewalLine('active', summary({ cancel_at_period_end: true }))).toBe('Ends on 28 December 2026: it will not renew');
  });
  it('says when a trial ends, and nothing for an ended plan or one without a period', () => {
    expect(renewalLine('trialing', summary())).toBe('Trial ends on 28 December 2026');
    expect(renewalLine('expired', summary())).toBeNull();
    expect(renewalLine('canceled', summary())).toBeNull();
    expect(renewalLine('active', summary({ period_end: null }))).toBeNull();
    expect(renewalLine(undefined, summary())).toBeNull();
    expect(renewalLine('active', null)).toBeNull();
  });
});

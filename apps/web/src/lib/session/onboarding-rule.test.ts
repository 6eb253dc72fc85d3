import { describe, expect, it } from 'vitest';
import { homeFor, mustFinishOnboarding } from './onboarding-rule';

describe('the onboarding rule', () => {
  it('a user without a profile row, or with onboarding not completed, must finish onboarding', () => {
    expect(mustFinishOnboarding(null)).toBe(true);
    expect(mustFinishOnboarding({ onboarding_completed: false })).toBe(true);
    expect(mustFinishOnboarding({ onboarding_completed: null })).toBe(true);
    expect(mustFinishOnboarding({ onboarding_completed: true })).toBe(false);
  });
  it('sends an unfinished user to the wizard (/sign-up) and everyone else to /dashboard', () => {
    expect(homeFor('pending')).toBe('/sign-up');
    expect(homeFor('done')).toBe('/dashboard');
  });
});

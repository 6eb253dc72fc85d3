import { describe, expect, it } from 'vitest';
import { homeFor, isOperator, mustFinishOnboarding } from './onboarding-rule';

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
  it('sends an operator without a finished profile to /admin, and one who also uses the app to /dashboard (issue 44)', () => {
    expect(homeFor('pending', { operator: true })).toBe('/admin');
    expect(homeFor('done', { operator: true })).toBe('/dashboard');
    expect(homeFor('pending', { operator: false })).toBe('/sign-up');
    expect(isOperator({ app_metadata: { role: 'admin' } })).toBe(true);
    expect(isOperator({ app_metadata: { role: 'user' } })).toBe(false);
    expect(isOperator({ app_metadata: {} })).toBe(false);
    expect(isOperator(null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { validateSignUp } from './validation';

describe('sign-up validation', () => {
  it('checks the match before the length', () => {
    expect(validateSignUp({ password: 'short', confirmPassword: 'other' })).toBe('Passwords do not match');
    expect(validateSignUp({ password: 'short', confirmPassword: 'short' })).toBe('Password must be at least 8 characters long');
    expect(validateSignUp({ password: 'long enough', confirmPassword: 'long enough' })).toBeNull();
  });
});

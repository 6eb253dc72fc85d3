import { describe, expect, it } from 'vitest';
import { authMessages } from '@/lib/messages/auth';
import { authErrorMessage, isRetryableInitError, isUnauthorizedSessionError, withTimeout } from './auth-errors';

describe('auth error classification', () => {
  it('retries only timeouts and fetch failures', () => {
    expect(isRetryableInitError(Object.assign(new Error('x'), { name: 'TimeoutError' }))).toBe(true);
    expect(isRetryableInitError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableInitError(new Error('App configuration is missing anonKey'))).toBe(false);
  });
  it('treats revoked or expired sessions as unauthorized, but not an unavailable service', () => {
    expect(isUnauthorizedSessionError({ code: 'session_not_found', message: 'Session not found' })).toBe(true);
    expect(isUnauthorizedSessionError({ message: 'JWT has expired' })).toBe(true);
    expect(isUnauthorizedSessionError({ status: 503, message: 'unavailable' })).toBe(false);
    expect(isUnauthorizedSessionError(null)).toBe(false);
  });
  it('times a hung promise out', async () => {
    await expect(withTimeout(new Promise(() => {}), 10)).rejects.toMatchObject({ name: 'TimeoutError' });
    await expect(withTimeout(Promise.resolve(1), 10)).resolves.toBe(1);
  });
  it('gives plain language for the errors a person meets, by code first and by known wording second', () => {
    expect(authErrorMessage({ code: 'email_not_confirmed', message: 'Email not confirmed', status: 400 })).toBe(
      authMessages.authErrors.email_not_confirmed,
    );
    expect(authErrorMessage({ message: 'Email not confirmed' })).toBe(authMessages.authErrors.email_not_confirmed);
    expect(authErrorMessage({ code: 'user_banned', message: 'User is banned' })).toBe(authMessages.authErrors.user_banned);
    expect(authErrorMessage({ message: 'User is banned' })).toBe(authMessages.authErrors.user_banned);
    expect(authErrorMessage({ message: 'invalid JWT: unable to parse or verify signature, Invalid JWT structure' })).toBe(
      authMessages.authErrors.bad_jwt,
    );
    expect(authErrorMessage({ code: 'bad_jwt', message: 'Invalid JWT structure' })).toBe(authMessages.authErrors.bad_jwt);
    expect(authErrorMessage({ message: 'Invalid login credentials' })).toBe('Invalid email or password');
    expect(authErrorMessage({ status: 503, message: 'upstream' })).toBe(authMessages.authErrors.unavailable);
    expect(authErrorMessage({ message: 'pq: relation does not exist' })).toBe(authMessages.authErrors.unknown);
  });
  it('names why a weak password was refused: too short with the server minimum, or too common (issue 44)', () => {
    const short = { code: 'weak_password', message: 'Password should be at least 8 characters.', reasons: ['length'] };
    expect(authErrorMessage(short)).toBe('This password is too short: it needs at least 8 characters.');
    expect(authErrorMessage({ ...short, message: 'too short' })).toBe('This password is too short. Please choose a longer one.');
    expect(authErrorMessage({ code: 'weak_password', message: 'known', reasons: ['pwned'] })).toBe(
      authMessages.authErrors.weak_password_pwned,
    );
    expect(authErrorMessage({ code: 'weak_password', message: 'weak', reasons: ['characters'] })).toBe(
      authMessages.authErrors.weak_password,
    );
    expect(authErrorMessage({ code: 'weak_password', message: 'weak' })).toBe(authMessages.authErrors.weak_password);
  });
});

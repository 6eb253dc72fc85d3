import { describe, expect, it } from 'vitest';
import { isRetryableInitError, isUnauthorizedSessionError, withTimeout } from './auth-errors';

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
});

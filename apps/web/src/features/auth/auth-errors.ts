/** How auth failures are told apart (docs/product.md#auth-state): which are retried, which sign the browser out. */

/** Rejects after `ms` with a TimeoutError, so a hung start-up becomes a retryable failure. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error(`Timed out after ${ms} ms`), { name: 'TimeoutError' })), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

export function describeAuthError(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return 'Unknown error';
}

/** Only timeouts and failed fetches are worth retrying at start-up; anything else would fail again. */
export function isRetryableInitError(err: unknown): boolean {
  const name = err instanceof Error ? err.name : '';
  const message = describeAuthError(err).toLowerCase();
  return (
    name === 'TimeoutError' ||
    name === 'AuthRetryableFetchError' ||
    message.includes('timed out') ||
    message.includes('timeout') ||
    message.includes('fetch')
  );
}

// docs/product.md#auth-state provider codes: 502/503/504 mean the service is unavailable (not the session's fault).
const UNAVAILABLE = new Set([502, 503, 504]);

/** An unauthorized session (revoked, expired or malformed token) clears the auth state instead of showing an error. */
export function isUnauthorizedSessionError(err: { status?: number; code?: string; message?: string } | null | undefined): boolean {
  if (!err) return false;
  if (err.status && UNAVAILABLE.has(err.status)) return false;
  const m = err.message ?? '';
  return (
    err.status === 401 ||
    err.status === 403 ||
    err.code === 'session_not_found' ||
    err.code === 'refresh_token_not_found' ||
    m.includes('JWT has expired') ||
    m.includes('Invalid JWT structure') ||
    m.includes('Invalid Refresh Token')
  );
}

export { authErrorMessage } from '@/lib/messages/auth-error-text';

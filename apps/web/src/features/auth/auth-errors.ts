/** How auth failures are told apart (part 1 §4, §8): which are retried, which sign the browser out. */
import { messages } from '@/lib/messages';

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
  return name === 'TimeoutError' || name === 'AuthRetryableFetchError' || message.includes('timed out') || message.includes('timeout') || message.includes('fetch');
}

// Part 1 §8 provider codes: 502/503/504 mean the service is unavailable (not the session's fault).
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

type AuthErrorCode = Exclude<keyof typeof messages.authErrors, 'unknown' | 'unavailable'>;
// servers (or supabase-js paths) that give no error code still say these in English
const BY_MESSAGE: [RegExp, AuthErrorCode][] = [
  [/invalid login credentials/i, 'invalid_credentials'],
  [/email not confirmed/i, 'email_not_confirmed'],
  [/user is banned/i, 'user_banned'],
  [/invalid jwt|jwt (is )?malformed|bad jwt/i, 'bad_jwt'],
  [/jwt has expired/i, 'session_expired'],
  [/invalid refresh token|refresh token not found/i, 'refresh_token_not_found'],
  [/session (from session_id claim in jwt )?(not found|does not exist)/i, 'session_not_found'],
  [/(email link|token) (is invalid or )?has expired|is invalid or has expired/i, 'otp_expired'],
  [/user already registered/i, 'user_already_exists'],
];

/** The plain-language text for an auth error a person can meet (issue 14 item 7); never the raw server wording. */
export function authErrorMessage(err: { code?: string; message?: string; status?: number } | null | undefined): string {
  if (!err) return messages.authErrors.unknown;
  if (err.code && err.code in messages.authErrors) return messages.authErrors[err.code as AuthErrorCode];
  if (err.status && UNAVAILABLE.has(err.status)) return messages.authErrors.unavailable;
  const m = err.message ?? '';
  const hit = BY_MESSAGE.find(([re]) => re.test(m));
  if (hit) return messages.authErrors[hit[1]];
  if (err.status === 429) return messages.authErrors.over_request_rate_limit;
  return messages.authErrors.unknown;
}

/** The plain-language text of an auth error (issue 14 item 7); shared by the auth and profile features. */
import { authMessages } from './auth';

// docs/product.md#auth-state provider codes: 502/503/504 mean the service is unavailable.
const UNAVAILABLE = new Set([502, 503, 504]);

type AuthErrorCode = Exclude<
  keyof typeof authMessages.authErrors,
  'unknown' | 'unavailable' | 'weak_password_length' | 'weak_password_pwned'
>;
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

interface AuthErrorLike {
  code?: string;
  message?: string;
  status?: number;
  /** supabase-js's AuthWeakPasswordError: GoTrue's weak_password.reasons ('length', 'pwned', 'characters'). */
  reasons?: unknown;
}

/** Why a weak_password was refused (issue 44): too short names the server's minimum; common says it is guessable. */
function weakPasswordMessage(err: AuthErrorLike): string {
  const reasons = Array.isArray(err.reasons) ? err.reasons : [];
  if (reasons.includes('length')) {
    // the server states its minimum in its message ("Password should be at least 8 characters.")
    const min = Number(/at least (\d+) characters/i.exec(err.message ?? '')?.[1]) || undefined;
    return authMessages.authErrors.weak_password_length(min);
  }
  if (reasons.includes('pwned')) return authMessages.authErrors.weak_password_pwned;
  return authMessages.authErrors.weak_password;
}

/** The plain-language text for an auth error a person can meet (issue 14 item 7); never the raw server wording. */
export function authErrorMessage(err: AuthErrorLike | null | undefined): string {
  if (!err) return authMessages.authErrors.unknown;
  if (err.code === 'weak_password') return weakPasswordMessage(err);
  if (err.code && err.code in authMessages.authErrors) return authMessages.authErrors[err.code as AuthErrorCode];
  if (err.status && UNAVAILABLE.has(err.status)) return authMessages.authErrors.unavailable;
  const m = err.message ?? '';
  const hit = BY_MESSAGE.find(([re]) => re.test(m));
  if (hit) return authMessages.authErrors[hit[1]];
  if (err.status === 429) return authMessages.authErrors.over_request_rate_limit;
  return authMessages.authErrors.unknown;
}

import type { Session } from '@supabase/supabase-js';

/** The `aal` claim of a JWT's payload (base64url), or null when the token cannot be read. */
export function tokenAssuranceLevel(accessToken: string): string | null {
  try {
    const part = accessToken.split('.')[1];
    if (!part) return null;
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: unknown } | null;
    return typeof payload?.aal === 'string' ? payload.aal : null;
  } catch {
    return null;
  }
}

/**
 * True when the session's user has a verified second factor but the session is not yet at aal2. Read locally from
 * the access token: the server verifies the level on every call, this only decides what the UI shows. An unreadable
 * token counts as not yet stepped up.
 */
export function needsSecondFactor(session: Pick<Session, 'access_token' | 'user'> | null): boolean {
  if (!session?.user.factors?.some((f) => f.status === 'verified')) return false;
  return tokenAssuranceLevel(session.access_token) !== 'aal2';
}

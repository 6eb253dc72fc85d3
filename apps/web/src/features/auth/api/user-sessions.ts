import type { SupabaseClient } from '@supabase/supabase-js';
import { clearSessionMarkers as clearMarkers, setSessionMarkers } from '@/lib/session-markers';

/** docs/product.md#auth-state: a user_sessions row per sign-in; 8 hours, or 30 days when remembered; fingerprint ≤ 32 chars. */
const TOKEN_KEY = 'user_session_token';
const HOUR = 3600_000;
export const SESSION_LIFETIME_MS = 8 * HOUR;
export const REMEMBERED_LIFETIME_MS = 30 * 24 * HOUR;

export { setSessionMarkers };

export function clearSessionMarkers() {
  clearMarkers();
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A coarse, non-identifying device label (hash of UA, language, screen and time zone), truncated to 32 characters. */
export async function deviceFingerprint(): Promise<string> {
  const raw = [
    navigator.userAgent,
    navigator.language,
    `${screen.width}x${screen.height}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  ].join('|');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(raw));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 32);
}

/** Inserts the row for this sign-in; a failure is logged as a warning and ignored (docs/product.md#auth-state). */
export async function recordUserSession(client: SupabaseClient, userId: string, remember: boolean): Promise<void> {
  try {
    const token = randomToken();
    const expires = new Date(Date.now() + (remember ? REMEMBERED_LIFETIME_MS : SESSION_LIFETIME_MS));
    const { error } = await client.from('user_sessions').insert({
      user_id: userId,
      session_token: token,
      is_remembered: remember,
      expires_at: expires.toISOString(),
      device_fingerprint: await deviceFingerprint(),
    });
    if (error) throw error;
    localStorage.setItem(TOKEN_KEY, token);
  } catch (err) {
    console.warn('Could not record the user session', err);
  }
}

/** 'expired' when this browser's row has passed its expiry; 'unknown' when there is no row to check. */
export async function checkUserSession(client: SupabaseClient): Promise<'valid' | 'expired' | 'unknown'> {
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) return 'unknown';
  const { data, error } = await client.from('user_sessions').select('user_id, expires_at').eq('session_token', token).maybeSingle();
  if (error || !data) return 'unknown';
  return new Date(data.expires_at as string).getTime() <= Date.now() ? 'expired' : 'valid';
}

import type { SupabaseClient } from '@supabase/supabase-js';
import { checkUserSession, clearSessionMarkers, recordUserSession, setSessionMarkers } from './api/user-sessions';

/**
 * This browser's session bookkeeping: the session markers the inactivity timer reads, and the user_sessions row
 * whose lifetime (8 h, or 30 days when remembered) the server enforces.
 */

/** A fresh sign-in (or sign-up with a session): marks the browser and records the session row. */
export async function startRecordedSession(client: SupabaseClient, userId: string, remember: boolean): Promise<void> {
  setSessionMarkers();
  await recordUserSession(client, userId, remember);
}

/** A session seen again (event or restore): only the markers; its row already exists. */
export const markSessionActive = setSessionMarkers;

/** Before sign-out: the markers go, so no timer or tab treats this browser as signed in. */
export const forgetSession = clearSessionMarkers;

/**
 * A stored session whose user_sessions row has expired signs this browser out (locally) before any page renders
 * signed in; its requests would otherwise race the revoked session. True when it did.
 */
export async function signOutIfExpired(client: SupabaseClient): Promise<boolean> {
  if ((await checkUserSession(client)) !== 'expired') return false;
  clearSessionMarkers();
  await client.auth.signOut({ scope: 'local' });
  return true;
}

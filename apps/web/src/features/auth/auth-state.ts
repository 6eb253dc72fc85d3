import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import type { AuthContextValue, AuthState } from '@/lib/session/auth-context';

/** What AuthProvider keeps; isSignedIn and mfaPending are derived from it. */
export type AuthCore = Omit<AuthState, 'isSignedIn'> & Pick<AuthContextValue, 'errorSource' | 'signOutTarget'>;

export const INITIAL_AUTH: AuthCore = { user: null, session: null, isLoaded: false, error: null, errorSource: null, signOutTarget: null };

/** The state after a supabase-js auth event: a sign-in or refresh clears a shown error, every event marks auth loaded. */
export function applyAuthEvent(s: AuthCore, event: AuthChangeEvent, session: Session | null): AuthCore {
  switch (event) {
    case 'SIGNED_IN':
    case 'TOKEN_REFRESHED':
      return { ...s, session, user: session?.user ?? null, error: null, errorSource: null, isLoaded: true };
    case 'SIGNED_OUT':
      return { ...s, session: null, user: null, error: null, errorSource: null, isLoaded: true };
    default:
      // USER_UPDATED, INITIAL_SESSION, PASSWORD_RECOVERY, MFA_CHALLENGE_VERIFIED: session and user only
      return { ...s, session, user: session?.user ?? null, isLoaded: true };
  }
}

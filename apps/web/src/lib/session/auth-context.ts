import type { Session, User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';
import { shellMessages } from '@/lib/messages/shell';

export interface AuthResult {
  error: string | null;
  /** The server's error code (e.g. email_not_confirmed), so a form can offer the matching next step. */
  code?: string;
}

/** What a password-reset request tells the form (the same shape whether or not the address has an account). */
export interface ResetResult {
  ok: boolean;
  message: string;
}

export interface AuthState {
  user: User | null;
  session: Session | null;
  isLoaded: boolean;
  isSignedIn: boolean;
  error: string | null;
}

export interface AuthContextValue extends AuthState {
  /** Where `error` came from: start-up/session ('init', shown by ProtectedRoute) or a failed sign-in form ('sign-in'). */
  errorSource: 'init' | 'sign-in' | null;
  /** Signed in with a password but a verified TOTP factor still needs its code (session at aal1, aal2 required). */
  mfaPending: boolean;
  /** Set for a moment after sign-out: where protected pages send the user instead of /sign-in. */
  signOutTarget: string | null;
  signIn(email: string, password: string, opts?: { remember?: boolean }): Promise<AuthResult & { mfaRequired?: boolean }>;
  signUp(email: string, password: string): Promise<AuthResult & { session: Session | null }>;
  /** Mails the sign-up confirmation link again (the server allows one mail a minute per address). */
  resendConfirmation(email: string): Promise<AuthResult>;
  /** Clears the session markers and session storage, signs out, toasts and goes to / (or `redirectTo`). */
  signOut(opts?: { redirectTo?: string }): Promise<void>;
  resetPassword(email: string): Promise<ResetResult>;
}

const notAvailable = async () => ({ error: shellMessages.auth.notYetAvailable });
/** docs/product.md#messages: what a component outside the provider sees (it must never crash the page). */
const FALLBACK: AuthContextValue = {
  user: null,
  session: null,
  isLoaded: false,
  isSignedIn: false,
  error: shellMessages.auth.contextInitializing,
  errorSource: 'init',
  mfaPending: false,
  signOutTarget: null,
  signIn: notAvailable,
  signUp: async () => ({ error: shellMessages.auth.notYetAvailable, session: null }),
  resendConfirmation: notAvailable,
  signOut: async () => window.location.reload(),
  resetPassword: async () => ({ ok: false, message: shellMessages.auth.notYetAvailable }),
};

/** Filled by features/auth's AuthProvider (mounted by app/); read by every layer through useAuth. */
export const AuthContext = createContext<AuthContextValue | null>(null);

/** The auth state and actions; outside the provider, the 'Auth not yet available' fallback (docs/product.md#messages). */
export function useAuth(): AuthContextValue {
  return useContext(AuthContext) ?? FALLBACK;
}

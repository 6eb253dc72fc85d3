import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { checkUserSession, clearSessionMarkers, recordUserSession, setSessionMarkers } from '@/features/auth/api/user-sessions';
import { requestPasswordReset, type ResetResult } from '@/features/auth/api/password-reset';
import { authErrorMessage, describeAuthError, isRetryableInitError, isUnauthorizedSessionError, withTimeout } from '@/features/auth/auth-errors';
import { messages } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { loadSupabase } from '@/lib/supabase';

export interface AuthResult {
  error: string | null;
  /** The server's error code (e.g. email_not_confirmed), so a form can offer the matching next step. */
  code?: string;
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

// Part 1 §9: initialisation times out after 10 s and is retried at most twice, 2 s apart.
export const AUTH_INIT_TIMEOUT_MS = 10_000;
export const AUTH_INIT_RETRIES = 2;
export const AUTH_INIT_RETRY_DELAY_MS = 2_000;

const notAvailable = async () => ({ error: messages.auth.notYetAvailable });
/** Part 1 §8: what a component outside the provider sees (it must never crash the page). */
const FALLBACK: AuthContextValue = {
  user: null,
  session: null,
  isLoaded: false,
  isSignedIn: false,
  error: messages.auth.contextInitializing,
  errorSource: 'init',
  mfaPending: false,
  signOutTarget: null,
  signIn: notAvailable,
  signUp: async () => ({ error: messages.auth.notYetAvailable, session: null }),
  resendConfirmation: notAvailable,
  signOut: async () => window.location.reload(),
  resetPassword: async () => ({ ok: false, message: messages.auth.notYetAvailable }),
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Navigates the SPA from outside the router (this provider wraps RouterProvider). Pushes a history entry in
 * react-router's own state shape and lets the router pick it up through popstate, so no page reload is needed.
 */
export function navigateOutsideRouter(to: string) {
  const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
  window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}

/** The session's assurance level from its access token (read locally: the server verifies it on every call). */
function needsSecondFactor(session: Session | null): boolean {
  if (!session?.user.factors?.some((f) => f.status === 'verified')) return false;
  try {
    const payload = JSON.parse(atob(session.access_token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: string };
    return payload.aal !== 'aal2';
  } catch {
    return true;
  }
}

type Core = Omit<AuthState, 'isSignedIn'> & Pick<AuthContextValue, 'errorSource' | 'signOutTarget'>;

/** The signed-in user from supabase-js auth events (part 1 §4), with the account actions every screen uses. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<Core>({ user: null, session: null, isLoaded: false, error: null, errorSource: null, signOutTarget: null });
  const clientRef = useRef<SupabaseClient | null>(null);
  // while signOut() runs, its own state update (with the target page) replaces the SIGNED_OUT event's
  const signingOut = useRef(false);

  const clearState = useCallback(() => setState((s) => ({ ...s, user: null, session: null, isLoaded: true })), []);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe = () => {};
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    const onEvent = (event: AuthChangeEvent, session: Session | null) => {
      // a stored session is applied by initialise() once its user_sessions row has been checked
      if (event === 'INITIAL_SESSION' && session) return;
      if (event === 'SIGNED_OUT' && signingOut.current) return;
      try {
        setState((s) => {
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
        });
        if (session && (event === 'SIGNED_IN' || event === 'INITIAL_SESSION')) setSessionMarkers();
      } catch {
        setState((s) => ({ ...s, error: messages.auth.stateError, errorSource: 'init', isLoaded: true }));
      }
    };

    async function initialise(attempt: number): Promise<void> {
      try {
        const client = await withTimeout(loadSupabase(), AUTH_INIT_TIMEOUT_MS);
        if (cancelled) return;
        clientRef.current = client;
        if (attempt === 0) {
          try {
            const { data } = client.auth.onAuthStateChange((event, session) => {
              if (!cancelled) onEvent(event, session);
            });
            unsubscribe = () => data.subscription.unsubscribe();
          } catch (err) {
            setState((s) => ({ ...s, error: messages.auth.setupError(describeAuthError(err)), errorSource: 'init', isLoaded: true }));
            return;
          }
        }
        const { data, error } = await withTimeout(client.auth.getSession(), AUTH_INIT_TIMEOUT_MS);
        if (cancelled) return;
        if (error) {
          if (isUnauthorizedSessionError(error)) {
            clearState();
            return;
          }
          setState((s) => ({ ...s, error: messages.auth.sessionError(error.message), errorSource: 'init', isLoaded: true }));
          return;
        }
        // An expired user_sessions row (8 h, or 30 days when remembered) signs this browser out, before any page
        // renders signed in (its requests would otherwise race the revoked session).
        if (data.session && (await checkUserSession(client)) === 'expired') {
          clearSessionMarkers();
          await client.auth.signOut({ scope: 'local' });
          if (!cancelled) clearState();
          return;
        }
        if (cancelled) return;
        setState((s) => ({ ...s, session: data.session, user: data.session?.user ?? null, isLoaded: true }));
      } catch (err) {
        if (cancelled) return;
        if (attempt < AUTH_INIT_RETRIES && isRetryableInitError(err)) {
          await sleep(AUTH_INIT_RETRY_DELAY_MS);
          if (!cancelled) return initialise(attempt + 1);
          return;
        }
        setState((s) => ({ ...s, error: messages.auth.initializationFailed(describeAuthError(err)), errorSource: 'init', isLoaded: true }));
      }
    }

    void initialise(0);
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [clearState]);

  const signIn = useCallback<AuthContextValue['signIn']>(async (email, password, opts) => {
    try {
      const client = clientRef.current ?? (await loadSupabase());
      const { data, error } = await client.auth.signInWithPassword({ email, password });
      if (error) {
        const message = authErrorMessage(error);
        setState((s) => ({ ...s, error: message, errorSource: 'sign-in' }));
        return { error: message, code: error.code ?? (/email not confirmed/i.test(error.message) ? 'email_not_confirmed' : undefined) };
      }
      setState((s) => ({ ...s, session: data.session, user: data.user, error: null, errorSource: null, isLoaded: true }));
      setSessionMarkers();
      await recordUserSession(client, data.user.id, Boolean(opts?.remember));
      return { error: null, mfaRequired: needsSecondFactor(data.session) };
    } catch {
      setState((s) => ({ ...s, error: messages.auth.unexpected, errorSource: 'sign-in' }));
      return { error: messages.auth.unexpected };
    }
  }, []);

  const signUp = useCallback<AuthContextValue['signUp']>(async (email, password) => {
    try {
      const client = clientRef.current ?? (await loadSupabase());
      const { data, error } = await client.auth.signUp({ email, password, options: { emailRedirectTo: `${window.location.origin}${paths.dashboard}` } });
      if (error) return { error: authErrorMessage(error), code: error.code, session: null };
      // confirmation on: no session until the mailed link is opened, so nothing signed-in may render yet
      if (!data.session) return { error: null, session: null };
      setState((s) => ({ ...s, session: data.session, user: data.user, error: null, errorSource: null, isLoaded: true }));
      if (data.session && data.user) {
        setSessionMarkers();
        await recordUserSession(client, data.user.id, false);
      }
      return { error: null, session: data.session };
    } catch {
      return { error: messages.auth.unexpected, session: null };
    }
  }, []);

  const resendConfirmation = useCallback<AuthContextValue['resendConfirmation']>(async (email) => {
    try {
      const client = clientRef.current ?? (await loadSupabase());
      const { error } = await client.auth.resend({ type: 'signup', email });
      return error ? { error: authErrorMessage(error), code: error.code } : { error: null };
    } catch {
      return { error: messages.auth.unexpected };
    }
  }, []);

  const signOut = useCallback<AuthContextValue['signOut']>(async (opts) => {
    const target = opts?.redirectTo ?? paths.home;
    signingOut.current = true;
    try {
      const client = clientRef.current ?? (await loadSupabase());
      clearSessionMarkers();
      window.sessionStorage.clear();
      const { error } = await client.auth.signOut({ scope: 'local' });
      if (error) throw error;
      // a protected page reads signOutTarget and goes there instead of redirecting to /sign-in
      setState((s) => ({ ...s, user: null, session: null, error: null, errorSource: null, signOutTarget: target }));
      setTimeout(() => setState((s) => ({ ...s, signOutTarget: null })), 5000);
      navigateOutsideRouter(target);
      toast.success(messages.auth.signedOut);
    } catch {
      toast.error(messages.auth.signOutFailed);
    } finally {
      signingOut.current = false;
    }
  }, []);

  const resetPassword = useCallback((email: string) => requestPasswordReset(email), []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, isSignedIn: Boolean(state.user), mfaPending: needsSecondFactor(state.session), signIn, signUp, resendConfirmation, signOut, resetPassword }),
    [state, signIn, signUp, resendConfirmation, signOut, resetPassword],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state and actions; outside the provider, the 'Auth not yet available' fallback (part 1 §8). */
export function useAuth(): AuthContextValue {
  return useContext(AuthContext) ?? FALLBACK;
}

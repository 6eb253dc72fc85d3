import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { authMessages } from '@/lib/messages/auth';
import { paths } from '@/lib/paths';
import { needsSecondFactor } from '@/lib/session/assurance-level';
import { AuthContext, type AuthContextValue } from '@/lib/session/auth-context';
import { loadSupabase } from '@/lib/supabase';
import { requestPasswordReset } from './api/password-reset';
import { authErrorMessage, describeAuthError, isRetryableInitError, isUnauthorizedSessionError, withTimeout } from './auth-errors';
import { applyAuthEvent, INITIAL_AUTH, type AuthCore } from './auth-state';
import { forgetSession, markSessionActive, signOutIfExpired, startRecordedSession } from './session-recording';

// docs/product.md#sign-in: initialisation times out after 10 s and is retried at most twice, 2 s apart.
export const AUTH_INIT_TIMEOUT_MS = 10_000;
export const AUTH_INIT_RETRIES = 2;
export const AUTH_INIT_RETRY_DELAY_MS = 2_000;

/**
 * The signed-in user from supabase-js auth events (docs/product.md#sign-in), with the account actions every screen uses.
 * Rendered inside the router (app/root-layout), so sign-out navigates with the router's own navigate.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [state, setState] = useState<AuthCore>(INITIAL_AUTH);
  const clientRef = useRef<SupabaseClient | null>(null);
  // while signOut() runs, its own state update (with the target page) replaces the SIGNED_OUT event's
  const signingOut = useRef(false);
  // a sign-in whose second factor is due: its user_sessions row is written once the session is aal2, as the
  // database lets an aal1 session of such a user write nothing (docs/security.md "Second factor (aal)")
  const recordAfterSecondFactor = useRef<{ userId: string; remember: boolean } | null>(null);

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
        setState((s) => applyAuthEvent(s, event, session));
        if (session && (event === 'SIGNED_IN' || event === 'INITIAL_SESSION')) markSessionActive();
        const pending = recordAfterSecondFactor.current;
        if (event === 'MFA_CHALLENGE_VERIFIED' && pending && clientRef.current) {
          recordAfterSecondFactor.current = null;
          const client = clientRef.current;
          // after the callback returns: supabase-js holds its session lock while it calls listeners
          setTimeout(() => void startRecordedSession(client, pending.userId, pending.remember), 0);
        }
      } catch {
        setState((s) => ({ ...s, error: authMessages.auth.stateError, errorSource: 'init', isLoaded: true }));
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
            setState((s) => ({ ...s, error: authMessages.auth.setupError(describeAuthError(err)), errorSource: 'init', isLoaded: true }));
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
          setState((s) => ({ ...s, error: authMessages.auth.sessionError(error.message), errorSource: 'init', isLoaded: true }));
          return;
        }
        // An expired user_sessions row (8 h, or 30 days when remembered) signs this browser out, before any page
        // renders signed in (its requests would otherwise race the revoked session).
        if (data.session && (await signOutIfExpired(client))) {
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
        setState((s) => ({
          ...s,
          error: authMessages.auth.initializationFailed(describeAuthError(err)),
          errorSource: 'init',
          isLoaded: true,
        }));
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
      const mfaRequired = needsSecondFactor(data.session);
      const remember = Boolean(opts?.remember);
      recordAfterSecondFactor.current = mfaRequired ? { userId: data.user.id, remember } : null;
      if (!mfaRequired) await startRecordedSession(client, data.user.id, remember);
      return { error: null, mfaRequired };
    } catch {
      setState((s) => ({ ...s, error: authMessages.auth.unexpected, errorSource: 'sign-in' }));
      return { error: authMessages.auth.unexpected };
    }
  }, []);

  const signUp = useCallback<AuthContextValue['signUp']>(async (email, password) => {
    try {
      const client = clientRef.current ?? (await loadSupabase());
      const { data, error } = await client.auth.signUp({
        email,
        password,
        // a GoTrue /verify link (AUTH_EMAIL_LINKS=verify) brings ?code= here; /auth/confirm also copes with another browser
        options: { emailRedirectTo: `${window.location.origin}${paths.authConfirm}` },
      });
      if (error) return { error: authErrorMessage(error), code: error.code, session: null };
      // confirmation on: no session until the mailed link is opened, so nothing signed-in may render yet
      if (!data.session) return { error: null, session: null };
      setState((s) => ({ ...s, session: data.session, user: data.user, error: null, errorSource: null, isLoaded: true }));
      if (data.session && data.user) await startRecordedSession(client, data.user.id, false);
      return { error: null, session: data.session };
    } catch {
      return { error: authMessages.auth.unexpected, session: null };
    }
  }, []);

  const resendConfirmation = useCallback<AuthContextValue['resendConfirmation']>(async (email) => {
    try {
      const client = clientRef.current ?? (await loadSupabase());
      const { error } = await client.auth.resend({ type: 'signup', email });
      return error ? { error: authErrorMessage(error), code: error.code } : { error: null };
    } catch {
      return { error: authMessages.auth.unexpected };
    }
  }, []);

  const signOut = useCallback<AuthContextValue['signOut']>(
    async (opts) => {
      const target = opts?.redirectTo ?? paths.home;
      signingOut.current = true;
      try {
        const client = clientRef.current ?? (await loadSupabase());
        forgetSession();
        window.sessionStorage.clear();
        const { error } = await client.auth.signOut({ scope: 'local' });
        if (error) throw error;
        // a protected page reads signOutTarget and goes there instead of redirecting to /sign-in
        setState((s) => ({ ...s, user: null, session: null, error: null, errorSource: null, signOutTarget: target }));
        setTimeout(() => setState((s) => ({ ...s, signOutTarget: null })), 5000);
        navigate(target);
        toast.success(authMessages.auth.signedOut);
      } catch {
        toast.error(authMessages.auth.signOutFailed);
      } finally {
        signingOut.current = false;
      }
    },
    [navigate],
  );

  const resetPassword = useCallback((email: string) => requestPasswordReset(email), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      isSignedIn: Boolean(state.user),
      mfaPending: needsSecondFactor(state.session),
      signIn,
      signUp,
      resendConfirmation,
      signOut,
      resetPassword,
    }),
    [state, signIn, signUp, resendConfirmation, signOut, resetPassword],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

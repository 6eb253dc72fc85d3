import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { AuthContext, type AuthContextValue } from '@/lib/session/auth-context';
import { SessionTimeoutContext, type SessionTimeoutValue } from '@/lib/session/timeout-context';
import { mayHaveSession, onSessionLayerRequested } from '@/lib/supabase';
import { useHydrated } from '@/lib/use-hydrated';

const SessionLayer = lazy(() => import('./session-layer'));

/** Routes that need the session at once: the private pages and the mailed-link landings. */
const SESSION_ROUTES: readonly string[] = [
  paths.dashboard,
  paths.user,
  paths.admin,
  paths.authConfirm,
  paths.setPassword,
  paths.resetPassword,
];
const needsSession = (pathname: string) => SESSION_ROUTES.some((p) => pathname === p || pathname.startsWith(`${p}/`));

const INACTIVE_TIMEOUT: SessionTimeoutValue = { timeoutMinutes: 240, isActive: false, extendSession: () => {}, remainingTime: 0 };

/**
 * Provides the auth and session-timeout contexts to the whole app without loading supabase-js on a first visit
 * (issue 15, decision 0055). Until the session layer (app/session-layer) is loaded, the auth context says "signed
 * out" once the page has hydrated and this browser holds no session; every auth action loads the layer first and
 * then runs. The layer loads after hydration when a session may be stored or the address is an auth callback, on
 * the private routes, and on the first auth action. The page under the bridge is never remounted.
 */
export function SessionBridge({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const [wanted, setWanted] = useState(false);
  const [auth, setAuth] = useState<AuthContextValue | null>(null);
  const [timeout, setTimeoutValue] = useState<SessionTimeoutValue>(INACTIVE_TIMEOUT);
  const waiting = useRef<((v: AuthContextValue) => void)[]>([]);

  // Decided once hydrated (storage is browser-only), and for good: the layer, once there, stays.
  if (hydrated && !wanted && (needsSession(pathname) || mayHaveSession())) setWanted(true);

  // A sign-in that talks to supabase-js itself (passkeys) asks for the layer, so the provider hears its SIGNED_IN.
  useEffect(() => onSessionLayerRequested(() => setWanted(true)), []);

  // The real provider, once it is there: actions called before go through it as soon as it reports.
  const authRef = useRef<AuthContextValue | null>(null);
  const onAuth = useCallback((value: AuthContextValue) => {
    authRef.current = value;
    setAuth(value);
    const resolve = waiting.current;
    waiting.current = [];
    for (const r of resolve) r(value);
  }, []);

  const ready = useCallback((): Promise<AuthContextValue> => {
    if (authRef.current) return Promise.resolve(authRef.current);
    setWanted(true);
    return new Promise((resolve) => waiting.current.push(resolve));
  }, []);

  // Signed out for sure: hydrated (storage is readable), nothing asked for the layer and nothing that would.
  const signedOut = useMemo(() => hydrated && !wanted && !needsSession(pathname) && !mayHaveSession(), [hydrated, wanted, pathname]);
  const placeholder = useMemo<AuthContextValue>(
    () => ({
      user: null,
      session: null,
      // Known only in the browser: false while prerendering and hydrating, as the provider's own first state.
      isLoaded: signedOut,
      isSignedIn: false,
      error: null,
      errorSource: null,
      mfaPending: false,
      signOutTarget: null,
      signIn: async (...a) => (await ready()).signIn(...a),
      signUp: async (...a) => (await ready()).signUp(...a),
      resendConfirmation: async (...a) => (await ready()).resendConfirmation(...a),
      signOut: async (...a) => (await ready()).signOut(...a),
      resetPassword: async (...a) => (await ready()).resetPassword(...a),
    }),
    [signedOut, ready],
  );

  return (
    <AuthContext.Provider value={auth ?? placeholder}>
      <SessionTimeoutContext.Provider value={timeout}>
        {children}
        {wanted && (
          <Suspense fallback={null}>
            <SessionLayer onAuth={onAuth} onTimeout={setTimeoutValue} />
          </Suspense>
        )}
      </SessionTimeoutContext.Provider>
    </AuthContext.Provider>
  );
}

import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { authMessages } from '@/lib/messages/auth';
import { paths } from '@/lib/paths';
import { useAuth } from './auth-context';

/** Where ProtectedRoute sends a signed-out visitor, so sign-in can bring them back (location.state.from). */
export interface SignInRedirectState {
  from?: string;
}

/**
 * docs/product.md#dashboard: spinner while auth loads, 'Authentication Error: {error}' with Retry, redirect to /sign-in (and back
 * after signing in), otherwise the page. Usage: `<ProtectedRoute><DashboardPage /></ProtectedRoute>`.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isLoaded, isSignedIn, error, errorSource, mfaPending, signOutTarget } = useAuth();
  const location = useLocation();
  if (!isLoaded) return <FullScreenSpinner label={authMessages.auth.initializing} />;
  if (error && errorSource === 'init' && !isSignedIn) {
    return (
      <main className="flex min-h-screen items-center justify-center p-6">
        <div role="alert" className="max-w-md rounded-lg border bg-card p-8 text-center shadow-xl">
          <p className="text-lg font-semibold">{authMessages.auth.protectedRouteError(error)}</p>
          <Button className="mt-6" onClick={() => window.location.reload()}>
            Retry
          </Button>
        </div>
      </main>
    );
  }
  // just signed out (or timed out): go where sign-out sends the user, not to /sign-in
  if (!isSignedIn && signOutTarget) return <Navigate to={signOutTarget} replace />;
  // a session still waiting for its second factor goes back to the sign-in card's code step
  if (!isSignedIn || mfaPending) {
    const state: SignInRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.signIn} replace state={state} />;
  }
  return <>{children}</>;
}

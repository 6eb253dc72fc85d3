import { useEffect } from 'react';
import { AuthProvider } from '@/features/auth/auth-provider';
import { SessionTimeoutProvider } from '@/features/session-timeout/session-timeout-provider';
import { QueryCacheGuard } from '@/lib/query-cache-guard';
import { useAuth, type AuthContextValue } from '@/lib/session/auth-context';
import { useSessionTimeout, type SessionTimeoutValue } from '@/lib/session/timeout-context';
import { requestToaster } from '@/lib/toast';
import { QueryProvider } from '@/lib/data/query-client';

export interface SessionLayerProps {
  onAuth(value: AuthContextValue): void;
  onTimeout(value: SessionTimeoutValue): void;
}

/**
 * The session layer: supabase-js, the auth provider, the inactivity timeout and the query-cache guard, in their own
 * chunk (issue 15). app/session-bridge renders it beside the page, not around it, so loading it later never
 * remounts the page; it hands its values up to the bridge, which provides them to the page.
 */
export default function SessionLayer({ onAuth, onTimeout }: SessionLayerProps) {
  useEffect(() => requestToaster(), []);
  return (
    <QueryProvider>
      <AuthProvider>
        <QueryCacheGuard />
        <SessionTimeoutProvider>
          <Report onAuth={onAuth} onTimeout={onTimeout} />
        </SessionTimeoutProvider>
      </AuthProvider>
    </QueryProvider>
  );
}

function Report({ onAuth, onTimeout }: SessionLayerProps) {
  const auth = useAuth();
  const timeout = useSessionTimeout();
  useEffect(() => onAuth(auth), [auth, onAuth]);
  useEffect(() => onTimeout(timeout), [timeout, onTimeout]);
  return null;
}

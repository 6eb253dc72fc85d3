import type { Session, User } from '@supabase/supabase-js';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { loadSupabase } from '@/lib/supabase';

export interface AuthState {
  user: User | null;
  session: Session | null;
  isLoaded: boolean;
  isSignedIn: boolean;
  error: string | null;
}

const AuthContext = createContext<AuthState | null>(null);

/** The signed-in user, from supabase-js auth events. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<Omit<AuthState, 'isSignedIn'>>({ user: null, session: null, isLoaded: false, error: null });

  useEffect(() => {
    let unsubscribe = () => {};
    let cancelled = false;
    void loadSupabase().then((client) => {
      if (cancelled) return;
      const { data } = client.auth.onAuthStateChange((event, session) => {
      setState((s) => ({
        ...s,
        session: event === 'SIGNED_OUT' ? null : session,
        user: event === 'SIGNED_OUT' ? null : (session?.user ?? null),
        error: event === 'SIGNED_OUT' || event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' ? null : s.error,
        isLoaded: true,
      }));
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, []);

  const value = useMemo(() => ({ ...state, isSignedIn: Boolean(state.user) }), [state]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { useEffect } from 'react';
import { loadSupabase } from './supabase';

/**
 * The decision, apart from React: clear the whole query cache on sign-out and whenever the signed-in user differs
 * from the one the cache was filled for (another person signing in on the same tab, or signing in at all after
 * browsing signed out), so nobody is shown rows cached for someone else. Token refreshes keep the cache.
 */
export function cacheGuard(clear: () => void) {
  let cachedFor: string | null | undefined; // undefined: no session event seen yet
  return (event: AuthChangeEvent, session: Session | null) => {
    const userId = session?.user.id ?? null;
    if (event === 'SIGNED_OUT' || (cachedFor !== undefined && userId !== cachedFor)) clear();
    cachedFor = userId;
  };
}

/**
 * queryClient.clear() alone is not enough: a view on screen keeps showing the data its observer already holds.
 * So: requests in flight are cancelled (their answer must not land), the queries on screen are reset (their data
 * gone) and fetched again, now for the new user, and the queries no view uses are dropped. Mutations' state goes too.
 */
export function clearCache(qc: QueryClient) {
  void qc.cancelQueries();
  void qc.resetQueries({ type: 'active' });
  qc.removeQueries({ type: 'inactive' });
  qc.getMutationCache().clear();
}

/** Mounted once beside the QueryClientProvider (app/providers.tsx). */
export function QueryCacheGuard() {
  const qc = useQueryClient();
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let gone = false;
    void loadSupabase().then((client) => {
      if (gone) return;
      const { data } = client.auth.onAuthStateChange(cacheGuard(() => clearCache(qc)));
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      gone = true;
      unsubscribe?.();
    };
  }, [qc]);
  return null;
}

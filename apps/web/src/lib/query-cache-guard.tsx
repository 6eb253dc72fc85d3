import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { useEffect } from 'react';
import { loadSupabase } from './supabase';

/**
 * The decision, apart from React: clear the whole query cache on sign-out and whenever the signed-in user differs
 * from the one the cache was filled for (another person signing in on the same tab, or signing in at all after
 * browsing signed out), so nobody is shown rows cached for someone else. Token refreshes keep the cache.
 * `refetch`: whether the views on screen should fetch again (not after a sign-out: they are for a session that ended).
 */
export function cacheGuard(clear: (refetch: boolean) => void) {
  let cachedFor: string | null | undefined; // undefined: no session event seen yet
  return (event: AuthChangeEvent, session: Session | null) => {
    const userId = session?.user.id ?? null;
    if (event === 'SIGNED_OUT') clear(false);
    else if (cachedFor !== undefined && userId !== cachedFor) clear(true);
    cachedFor = userId;
  };
}

/**
 * queryClient.clear() alone is not enough: a view on screen keeps showing the data its observer already holds.
 * So the queries on screen are reset (data gone, a request in flight cancelled so its answer cannot land) and, for a
 * new user, fetched again; the queries no view uses are dropped, and so is the mutations' state.
 */
export function clearCache(qc: QueryClient, refetch: boolean) {
  const cache = qc.getQueryCache();
  for (const query of cache.findAll({ type: 'active' })) query.reset();
  qc.removeQueries({ type: 'inactive' });
  qc.getMutationCache().clear();
  if (refetch) void qc.refetchQueries({ type: 'active' });
}

/** Mounted once beside the QueryClientProvider (app/providers.tsx). */
export function QueryCacheGuard() {
  const qc = useQueryClient();
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let gone = false;
    void loadSupabase().then((client) => {
      if (gone) return;
      const { data } = client.auth.onAuthStateChange(cacheGuard((refetch) => clearCache(qc, refetch)));
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      gone = true;
      unsubscribe?.();
    };
  }, [qc]);
  return null;
}

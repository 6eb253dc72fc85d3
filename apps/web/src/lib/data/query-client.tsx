import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { READ_RETRIES, STALE_MS } from './read-policy';

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: STALE_MS, retry: READ_RETRIES } } });

/**
 * The one query client, provided around every lazily loaded page and the session layer: TanStack Query loads with
 * them, not with the home page (issue 15, decision 0055). One client for all, so the cache outlives a page change.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

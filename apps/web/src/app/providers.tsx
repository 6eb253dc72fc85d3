import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AnalyticsProvider } from '@/features/analytics/analytics-provider';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ConsentProvider } from '@/features/consent/consent-provider';
import { SessionTimeoutProvider } from '@/features/session-timeout/session-timeout-provider';
import { QueryCacheGuard } from '@/lib/query-cache-guard';
import { ErrorBoundary } from './error-boundary';
import { PageToaster } from './page-toaster';

// docs/product.md#constants: stale time 5 minutes, 2 retries.
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60 * 1000, retry: 2 } } });

/** Every app-wide provider; rendered by the root route's element (root-layout), so all of them sit under the router. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <QueryCacheGuard />
        <TooltipProvider>
          <AuthProvider>
            <SessionTimeoutProvider>
              <ConsentProvider>
                <AnalyticsProvider>{children}</AnalyticsProvider>
              </ConsentProvider>
            </SessionTimeoutProvider>
          </AuthProvider>
          <PageToaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

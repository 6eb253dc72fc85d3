import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { QueryCacheGuard } from '@/lib/query-cache-guard';
import { AnalyticsProvider } from './analytics-provider';
import { AuthProvider } from './auth-provider';
import { ConsentProvider } from './consent-provider';
import { ErrorBoundary } from './error-boundary';
import { SessionTimeoutProvider } from './session-timeout-provider';

// Part 2 §9: stale time 5 minutes, 2 retries.
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60 * 1000, retry: 2 } } });

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
          {/* Part 1 §9: at most 3 toasts, 4000 ms, following the system theme. */}
          <Toaster visibleToasts={3} duration={4000} theme="system" richColors closeButton position="top-right" />
        </TooltipProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

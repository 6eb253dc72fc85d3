import type { ReactNode } from 'react';
import { AnalyticsProvider } from '@/features/analytics/analytics-provider';
import { ConsentProvider } from '@/features/consent/consent-provider';
import { ErrorBoundary } from './error-boundary';
import { SessionBridge } from './session-bridge';
import { ToasterHost } from './toaster-host';

/**
 * Every app-wide provider; rendered by the root route's element (root-layout), so all of them sit under the router.
 * The session (supabase-js, auth, inactivity timeout), the toaster and the query client (lib/data/query-client, around each lazy
 * page) are loaded on demand (issue 15, decision 0055).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <SessionBridge>
        <ConsentProvider>
          <AnalyticsProvider>{children}</AnalyticsProvider>
        </ConsentProvider>
      </SessionBridge>
      <ToasterHost />
    </ErrorBoundary>
  );
}

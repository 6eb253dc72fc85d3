import { createAnalyticsClient } from './analytics-client';
import { trackPageActivity } from './page-activity';
import { analyticsSessionId } from './session-id';
import { createSupabaseTransport } from './transport';

/**
 * What runs once the visitor allows analytics: the queue, its transport and the page tracker. Loaded only then, so
 * a first visit (nothing consented yet) does not carry it (issue 15, decision 0092).
 */
export function createAnalyticsRuntime() {
  const transport = createSupabaseTransport();
  const client = createAnalyticsClient(transport, {
    pagePath: () => window.location.pathname,
    referrer: () => document.referrer,
    now: () => new Date(),
    sessionId: () => analyticsSessionId(),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (h) => window.clearInterval(h as number),
  });
  return {
    transport,
    client,
    trackPageActivity: (pagePath: string, opts: { pageView: boolean }) => trackPageActivity(client, pagePath, opts),
  };
}

export type AnalyticsRuntime = ReturnType<typeof createAnalyticsRuntime>;

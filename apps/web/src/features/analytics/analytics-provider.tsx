import type { ClientSecurityEventType } from '@app/shared';
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AnalyticsContext, type AnalyticsApi } from '@/lib/analytics/analytics-context';
import { useConsent } from '@/lib/consent/consent-context';
import { useHydrated } from '@/lib/use-hydrated';
import { useAuth } from '@/lib/session/auth-context';
import type { AnalyticsRuntime } from './analytics-runtime';
import { logSecurityEvent, type SecuritySeverity } from './security-log';
import { forgetAnalyticsSessionId } from './session-id';

/** The runtime stays inside this feature (for the page tracker); other layers see only AnalyticsApi. */
const ClientContext = createContext<{ api: AnalyticsApi; runtime: AnalyticsRuntime | null } | null>(null);

/**
 * Analytics for the whole app (docs/product.md#analytics). The client runs only while the visitor allows analytics cookies
 * (consent.performance, shown as Analytics): nothing is sent before, and withdrawing stops it and drops the queue.
 */
export function AnalyticsProvider({ children }: { children: ReactNode }) {
  const { consent } = useConsent();
  const { session } = useAuth();
  const allowedNow = consent.accepted && consent.performance;
  // Consent given takes effect with the fresh page the consent dialog loads (docs/product.md#analytics reloads after saving), so the
  // page is not counted twice; consent withdrawn takes effect at once.
  // "At load" is once the stored consent has been read, after hydration (decision 0046).
  const hydrated = useHydrated();
  const [allowedAtLoad, setAllowedAtLoad] = useState<boolean | undefined>(undefined);
  if (hydrated && allowedAtLoad === undefined) setAllowedAtLoad(allowedNow);
  const allowed = allowedNow && allowedAtLoad === true;
  // The queue and its transport load once analytics is allowed (issue 15); what is tracked meanwhile waits for them.
  const [runtime, setRuntime] = useState<AnalyticsRuntime | null>(null);
  const waiting = useRef<[string, Record<string, unknown> | undefined][]>([]);
  useEffect(() => {
    if (!allowed || runtime) return;
    let current = true;
    import('./analytics-runtime')
      .then((m) => current && setRuntime(m.createAnalyticsRuntime()))
      .catch((err: unknown) => console.warn('Analytics could not load', err));
    return () => {
      current = false;
    };
  }, [allowed, runtime]);
  const client = runtime?.client;
  useEffect(() => runtime?.transport.setAccessToken(session?.access_token), [runtime, session]);

  // A layout effect: it runs before the children's effects, so the first page's page_view (tracked by a child's
  // effect in the same commit) finds the client started instead of being dropped.
  useLayoutEffect(() => {
    if (!allowed) {
      client?.stop();
      waiting.current = [];
      forgetAnalyticsSessionId();
      return;
    }
    if (!client) return;
    client.start();
    for (const [t, d] of waiting.current.splice(0)) client.track(t, d);
    return () => client.stop();
  }, [allowed, client]);

  useEffect(() => {
    if (!allowed || !client) return;
    // docs/product.md#analytics: 'error' is a critical event. Only the message and place, never user input.
    const onError = (e: ErrorEvent) =>
      client.track('error', { message: String(e.message).slice(0, 300), source: e.filename?.slice(0, 200) });
    const onRejection = (e: PromiseRejectionEvent) =>
      client.track('error', {
        message: String(e.reason instanceof Error ? e.reason.message : e.reason).slice(0, 300),
        kind: 'unhandledrejection',
      });
    // Nothing queued is lost when the tab is hidden or closed.
    const onHide = () => client.flushOnHide();
    const onVisibility = () => document.visibilityState === 'hidden' && client.flushOnHide();
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [allowed, client]);

  const value = useMemo(
    () => ({
      runtime,
      api: {
        track: (t: string, d?: Record<string, unknown>) => {
          if (client) client.track(t, d);
          else if (allowed) waiting.current.push([t, d]);
        },
        logSecurityEvent: (t: ClientSecurityEventType, d?: Record<string, unknown>, s?: SecuritySeverity) => void logSecurityEvent(t, d, s),
        enabled: allowed,
      },
    }),
    [runtime, client, allowed],
  );
  return (
    <ClientContext.Provider value={value}>
      <AnalyticsContext.Provider value={value.api}>{children}</AnalyticsContext.Provider>
    </ClientContext.Provider>
  );
}

/** Rendered inside the router: a page view per route, with its scroll depth and engaged-user tracking. */
export function PageActivityTracker() {
  const ctx = useContext(ClientContext);
  const { pathname, key } = useLocation();
  const runtime = ctx?.runtime;
  const enabled = (ctx?.api.enabled ?? false) && runtime != null;
  // One page_view per history entry, even when the effect runs twice for it (StrictMode, a re-render with a new ctx).
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!runtime || !enabled) return;
    const pageView = counted.current !== key;
    counted.current = key;
    return runtime.trackPageActivity(pathname, { pageView });
    // the runtime is made once; the page changes with the history entry
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, pathname, enabled]);
  return null;
}

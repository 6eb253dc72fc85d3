import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { UNSAFE_LocationContext, UNSAFE_NavigationContext, UNSAFE_RouteContext } from 'react-router';
import { AnalyticsContext } from '@/lib/analytics/analytics-context';
import { ConsentContext } from '@/lib/consent/consent-context';
import { AuthContext } from '@/lib/session/auth-context';
import { SessionTimeoutContext } from '@/lib/session/timeout-context';

const HydratedSignal = createContext<() => void>(() => undefined);

/** Tells the fence above that its part has hydrated (deferred-part calls it from a layout effect). */
export const useFenceHydratedSignal = () => useContext(HydratedSignal);

/**
 * Stands between the contexts above the pages that change after hydration (the auth placeholder, the consent record
 * read from storage, analytics once allowed, the router on a hash link) and a part that hydrates late.
 *
 * - React carries a context change down to the first component that reads it. A server-rendered Suspense boundary
 *   that has not hydrated cannot say what it reads, so a change reaching it makes React drop its HTML and render it
 *   on the client. This component reads them all, right above the boundary (below a memo that stops re-renders:
 *   deferred-part), so a change ends here.
 * - The part must hydrate with the values the page hydrated with (those of the prerendered HTML), not today's: until
 *   it has hydrated this component provides the values it first saw, then the live ones.
 *
 * A context above the pages that changes after hydration belongs here too (e2e/first-visit.spec.ts checks that the
 * home page's late parts keep their prerendered nodes).
 */
export function ContextFence({ children }: { children: ReactNode }) {
  const live = {
    auth: useContext(AuthContext),
    timeout: useContext(SessionTimeoutContext),
    consent: useContext(ConsentContext),
    analytics: useContext(AnalyticsContext),
    navigation: useContext(UNSAFE_NavigationContext),
    location: useContext(UNSAFE_LocationContext),
    route: useContext(UNSAFE_RouteContext),
  };
  const [first] = useState(live);
  const [hydrated, setHydrated] = useState(false);
  const v = hydrated ? live : first;
  // Stable: a new function would itself be a context change reaching the boundary.
  const signal = useCallback(() => setHydrated(true), []);
  return (
    <AuthContext.Provider value={v.auth}>
      <SessionTimeoutContext.Provider value={v.timeout}>
        <ConsentContext.Provider value={v.consent}>
          <AnalyticsContext.Provider value={v.analytics}>
            <UNSAFE_NavigationContext.Provider value={v.navigation}>
              <UNSAFE_LocationContext.Provider value={v.location}>
                <UNSAFE_RouteContext.Provider value={v.route}>
                  <HydratedSignal.Provider value={signal}>{children}</HydratedSignal.Provider>
                </UNSAFE_RouteContext.Provider>
              </UNSAFE_LocationContext.Provider>
            </UNSAFE_NavigationContext.Provider>
          </AnalyticsContext.Provider>
        </ConsentContext.Provider>
      </SessionTimeoutContext.Provider>
    </AuthContext.Provider>
  );
}

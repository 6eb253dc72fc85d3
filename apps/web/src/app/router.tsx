import { use, type ComponentType } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { isHydrating } from '@/lib/deferred-hydration/is-hydrating';
import { paths } from '@/lib/paths';
import { loadSupabase } from '@/lib/supabase';
import { RootLayout } from './root-layout';

interface PageModule {
  Component: ComponentType;
  /** Loads the parts of the page that hydrate late (lib/deferred-hydration): awaited unless the page is hydrating. */
  loadDeferred?: () => Promise<unknown>;
}

/** A client render (a navigation, the private pages' shell) or the prerender shows the whole page at once. */
const withDeferredParts = (load: () => Promise<PageModule>) => () =>
  load().then(async (m) => {
    if (m.loadDeferred && !isHydrating()) await m.loadDeferred();
    return m;
  });

/** One route: the home page is in the entry chunk; every other page is its own chunk (`load`). */
export interface PageRoute {
  path: string;
  Component?: ComponentType;
  load?: () => Promise<PageModule>;
  /** The page's code calls supabase() synchronously: supabase-js is loaded with its chunk, before it renders. */
  session?: boolean;
  /**
   * The page uses TanStack Query: the query client (lib/data/query-client) loads with it and is provided around it. Implied by
   * `session`. The build refuses a page that imports TanStack Query without it (apps/web/prerender.mjs).
   */
  query?: boolean;
}

const SESSION = { session: true, query: true } as const;
const page = (
  load: () => Promise<PageModule>,
  opts?: { session?: boolean; query?: boolean },
): Pick<PageRoute, 'load' | 'session' | 'query'> => ({
  load,
  session: opts?.session ?? false,
  query: opts?.query ?? false,
});

// Declarative routing (BrowserRouter + Routes), not a data router: nothing here uses loaders or actions, and the
// data router is some 15 kB gzip more on every first visit (issue 15, decision 0055). Public pages load without
// supabase-js; the session layer (app/session-bridge) brings it when it is needed.
export const routes: readonly PageRoute[] = [
  { path: paths.home, ...page(() => import('@/pages/home')) },
  { path: paths.dashboard, ...page(() => import('@/pages/dashboard'), SESSION) },
  { path: paths.user, ...page(() => import('@/pages/user'), SESSION) },
  { path: paths.signIn, ...page(() => import('@/pages/sign-in')) },
  { path: paths.signUp, ...page(() => import('@/pages/sign-up')) },
  { path: paths.resetPassword, ...page(() => import('@/pages/reset-password'), SESSION) },
  { path: paths.authConfirm, ...page(() => import('@/pages/auth-confirm'), SESSION) },
  { path: paths.setPassword, ...page(() => import('@/pages/set-password'), SESSION) },
  { path: paths.joinWaitlist, ...page(() => import('@/pages/join-waiting-list')) },
  { path: paths.waitlistThanks, ...page(() => import('@/pages/waitlist-thanks')) },
  { path: paths.learnMore, ...page(() => import('@/pages/learn-more')) },
  { path: paths.dashboardShowcase, ...page(() => import('@/pages/dashboard-showcase')) },
  { path: paths.demo, ...page(() => import('@/pages/demo')) },
  { path: paths.pricing, ...page(() => import('@/pages/pricing')) },
  { path: paths.terms, ...page(() => import('@/pages/terms')) },
  { path: paths.privacy, ...page(() => import('@/pages/privacy')) },
  { path: paths.cookiePolicy, ...page(() => import('@/pages/cookie-policy')) },
  { path: paths.contact, ...page(() => import('@/pages/contact')) },
  { path: paths.ninetyDay, ...page(() => import('@/pages/ninety-day')) },
  { path: paths.connectAnything, ...page(() => import('@/pages/connect-anything')) },
  { path: paths.connect, ...page(() => import('@/pages/connect')) },
  { path: paths.websiteHub, ...page(() => import('@/pages/website-hub')) },
  { path: paths.brandHub, ...page(() => import('@/pages/brand-hub')) },
  { path: paths.advertisingHub, ...page(() => import('@/pages/advertising-hub')) },
  { path: paths.compareGoHighLevel, ...page(() => import('@/pages/vs-gohighlevel')) },
  { path: paths.compareHubSpot, ...page(() => import('@/pages/vs-hubspot')) },
  { path: paths.admin, ...page(() => import('@/pages/admin'), SESSION) },
  { path: paths.oauthConsent, ...page(() => import('@/pages/oauth-consent'), SESSION) },
  { path: '*', ...page(() => import('@/pages/not-found')) },
];

type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T };
const loaded = new Map<PageRoute, Tracked<PageModule>>();

/** Starts (once) loading a route's module; a loaded one is marked so React's use() renders it without suspending. */
export function loadPage(route: PageRoute): Tracked<PageModule> {
  let p = loaded.get(route);
  if (!p) {
    const load = !route.load
      ? async () => ({ Component: route.Component as ComponentType })
      : !route.query
        ? withDeferredParts(route.load)
        : // the page comes with the query client around it (lib/data/query-client): TanStack Query is not in the entry
          () =>
            Promise.all([route.load!(), import('@/lib/data/query-client')]).then(([{ Component: Page }, { QueryProvider }]) => ({
              Component: () => (
                <QueryProvider>
                  <Page />
                </QueryProvider>
              ),
            }));
    const tracked: Tracked<PageModule> =
      route.session && !import.meta.env.SSR ? Promise.all([load(), loadSupabase()]).then(([m]) => m) : load();
    tracked.then(
      (m) => Object.assign(tracked, { status: 'fulfilled', value: m }),
      () => loaded.delete(route), // a failed chunk is tried again on the next visit
    );
    loaded.set(route, tracked);
    p = tracked;
  }
  return p;
}

/** The route the address shows (the last one is the not-found page). */
export function routeFor(pathname: string): PageRoute {
  const m = matchRoutes(
    routes.map((r) => ({ path: r.path })),
    pathname,
  );
  return routes.find((r) => r.path === m?.[0]?.route.path) ?? routes[routes.length - 1];
}

/**
 * Loads the module of the page at `pathname` (main.tsx before hydrating, the prerender before rendering), so the
 * first render shows the page itself, as the HTML does: hydration never meets a Suspense fallback.
 */
export async function preloadPage(pathname: string): Promise<void> {
  await loadPage(routeFor(pathname));
}

function LazyPage({ route }: { route: PageRoute }) {
  const { Component } = use(loadPage(route) as Promise<PageModule>);
  return <Component />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {routes.map((r) => (
          <Route key={r.path} path={r.path} element={r.Component ? <r.Component /> : <LazyPage route={r} />} />
        ))}
      </Route>
    </Routes>
  );
}

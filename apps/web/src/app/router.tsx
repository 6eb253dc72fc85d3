import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { loadSupabase } from '@/lib/supabase';
import { Component as HomePage } from '@/pages/home';
import { RootLayout } from './root-layout';

// Route-level code splitting: only the home page is in the entry chunk. Lazy routes also wait for supabase-js,
// so their code may call supabase() synchronously. The prerender (entry-server.tsx) renders without it: nothing
// calls supabase() while rendering.
const page = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: import.meta.env.SSR ? load : async () => (await Promise.all([load(), loadSupabase()]))[0],
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, Component: HomePage },
      { path: paths.dashboard, ...page(() => import('@/pages/dashboard')) },
      { path: paths.user, ...page(() => import('@/pages/user')) },
      { path: paths.signIn, ...page(() => import('@/pages/sign-in')) },
      { path: paths.signUp, ...page(() => import('@/pages/sign-up')) },
      { path: paths.resetPassword, ...page(() => import('@/pages/reset-password')) },
      { path: paths.authConfirm, ...page(() => import('@/pages/auth-confirm')) },
      { path: paths.setPassword, ...page(() => import('@/pages/set-password')) },
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
      { path: paths.admin, ...page(() => import('@/pages/admin')) },
      { path: '*', ...page(() => import('@/pages/not-found')) },
    ],
  },
];

/**
 * Created after the runtime config has loaded. On a prerendered page (`prerendered`) the current route's lazy
 * module is loaded first, so the first client render matches the HTML: hydration never shows a Suspense fallback.
 */
export async function createRouter(prerendered: boolean) {
  if (prerendered) {
    const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
    await Promise.all(
      lazyMatches.map(async (m) => {
        const loaded = await (m.route.lazy as () => Promise<Partial<RouteObject>>)();
        Object.assign(m.route, { ...loaded, lazy: undefined });
      }),
    );
  }
  // No loaders anywhere: the state the prerender rendered with is empty, and the client starts from the same.
  return createBrowserRouter(routes, prerendered ? { hydrationData: { loaderData: {} } } : undefined);
}

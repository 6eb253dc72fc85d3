import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { PageActivityTracker } from '@/features/analytics/analytics-provider';
import { PublicLayout } from '@/features/site-chrome/components/public-layout';
import { BRAND } from '@/lib/brand';
import { paths } from '@/lib/paths';
import { runtimeConfig } from '@/lib/runtime-config';
import { AppProviders } from './providers';

/** Routes with their own full-screen chrome (no marketing navigation or footer). */
const OWN_CHROME: readonly string[] = [paths.dashboard, paths.admin];

/**
 * The root route's element: the app-wide providers, inside the router so they can use its hooks (sign-out
 * navigates with useNavigate), around the page shell.
 */
export function RootLayout() {
  return (
    <AppProviders>
      <PageShell />
    </AppProviders>
  );
}

/** Shell of every route: scroll to top on navigation, the public chrome on marketing pages, a spinner while a lazy route loads. */
function PageShell() {
  const { pathname } = useLocation();
  // Instant, and before the new page's scroll-depth tracking starts: a smooth scroll (the site's CSS default) from the
  // bottom of the old page would pass every depth mark of the new one.
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  // Set once the first render has committed (hydrated, on a prerendered page): e2e tests wait for it before acting.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // The prerendered head carries the first page's title, so the titles' table (page-meta, ~1.5 kB gzip) loads only for
  // a client navigation, the private pages' shell, or a deployment whose brand differs from the build's (issue 15).
  const titled = useRef(false);
  useEffect(() => {
    const brand = runtimeConfig().brandName;
    const first = !titled.current;
    titled.current = true;
    if (first && brand === BRAND && document.getElementById('root')?.dataset.prerendered === 'true') return;
    let current = true;
    import('@/lib/page-meta')
      .then(({ pageTitle }) => {
        if (current) document.title = pageTitle(pathname, brand);
      })
      .catch(() => undefined); // offline: the title stays, the page itself reports its own failed chunk
    return () => {
      current = false;
    };
  }, [pathname]);
  const page = (
    <>
      <PageActivityTracker />
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
  if (OWN_CHROME.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return page;
  return <PublicLayout>{page}</PublicLayout>;
}

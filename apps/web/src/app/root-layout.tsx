import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { PublicLayout } from '@/features/site-chrome/components/public-layout';
import { paths } from '@/lib/paths';
import { PageActivityTracker } from './analytics-provider';

/** Routes with their own full-screen chrome (no marketing navigation or footer). */
const OWN_CHROME: readonly string[] = [paths.dashboard, paths.admin];

/** Shell of every route: scroll to top on navigation, the public chrome on marketing pages, a spinner while a lazy route loads. */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
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

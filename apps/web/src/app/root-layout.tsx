import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';

/** Shell of every route: scroll to top on navigation, a spinner while a lazy route loads. */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Outlet />
    </Suspense>
  );
}

import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DARK_NAV_TEXT_ROUTES, paths } from '@/lib/paths';
import { DeferredBlock } from '@/components/ui/deferred-block';
import { deferredPart } from '@/lib/deferred-hydration/deferred-part';
import { cn } from '@/lib/utils';
import { TopNav } from './top-nav';

// Below every page's content: its code loads, and its HTML hydrates, as it nears the viewport (decision 0098).
const footer = deferredPart(() => import('./site-footer').then((m) => m.SiteFooter));

/**
 * Marketing chrome around public pages. The bar is fixed; every page but the home page (whose hero runs under it)
 * gets a spacer, on the light surface where the page is light so the dark nav text stays readable.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const light = DARK_NAV_TEXT_ROUTES.includes(pathname);
  return (
    <div className={cn('flex min-h-screen flex-col bg-background text-foreground', light && 'surface-light')}>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <TopNav />
      {pathname !== paths.home && <div aria-hidden="true" className="h-16 shrink-0" />}
      <div id="main" className="flex flex-1 flex-col">
        {children}
      </div>
      <DeferredBlock part={footer} className="[content-visibility:auto] [contain-intrinsic-size:auto_600px]" />
    </div>
  );
}

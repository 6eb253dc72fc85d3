import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '@/lib/session/auth-context';
import { Button } from '@/components/ui/button';
import { DARK_NAV_TEXT_ROUTES, paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import { PLATFORM_LINKS, SOLID_NAV_AFTER_PX } from '../nav-links';
import { BrandLogo } from './brand-logo';

const loadDrawer = () => import('./mobile-drawer');
const MobileDrawer = lazy(loadDrawer);

/**
 * Top navigation (docs/product.md#top-navigation): logo, Beta badge, menu toggle; solid dark after 20 px of scroll; dark text on the
 * light pages until it turns solid. The drawer is its own chunk, fetched when the toggle is first hovered or pressed.
 */
export function TopNav() {
  const { pathname } = useLocation();
  const { isSignedIn } = useAuth();
  const solid = useScrolledPast(SOLID_NAV_AFTER_PX);
  // The drawer is open for the route it was opened on: every route change closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (v: boolean) => setOpenOn(v ? pathname : null);
  // Back and forward close it at once: while a lazy route loads, the router's pathname still names the page being left.
  useEffect(() => {
    const close = () => setOpenOn(null);
    window.addEventListener('popstate', close);
    return () => window.removeEventListener('popstate', close);
  }, []);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const darkText = DARK_NAV_TEXT_ROUTES.includes(pathname) && !solid;

  const openDrawer = () => {
    setDrawerWanted(true);
    setOpen(true);
  };

  return (
    <header
      data-testid="top-nav"
      data-solid={solid}
      data-tone={darkText ? 'dark' : 'light'}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-colors duration-300',
        solid ? 'border-b border-white/10 bg-[#0b1020]/95 shadow-lg shadow-black/30' : 'bg-transparent',
        darkText ? 'text-slate-900' : 'text-white',
      )}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home} className="flex min-w-0 items-center gap-2 rounded-md">
          <BrandLogo className="text-base sm:text-lg" />
          <span
            className={cn(
              'rounded-full border px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wider',
              darkText ? 'border-violet-700/40 bg-violet-100 text-violet-800' : 'border-violet-300/40 bg-violet-500/20 text-violet-100',
            )}
          >
            Beta
          </span>
        </Link>
        <ul className="ml-6 hidden items-center gap-1 lg:flex">
          {PLATFORM_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink
                to={l.to}
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
                    darkText
                      ? 'text-slate-700 hover:bg-slate-900/5 hover:text-slate-950'
                      : 'text-slate-200 hover:bg-white/10 hover:text-white',
                    isActive && (darkText ? 'text-violet-800' : 'text-white'),
                  )
                }
              >
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-2">
          <div className="hidden items-center gap-2 md:flex">
            {isSignedIn ? (
              <Button asChild size="sm" variant="gradient">
                <Link to={paths.dashboard}>Dashboard</Link>
              </Button>
            ) : (
              <>
                <Button
                  asChild
                  size="sm"
                  variant="ghost"
                  className={darkText ? 'text-slate-800 hover:bg-slate-900/5' : 'text-white hover:bg-white/10'}
                >
                  <Link to={paths.signIn}>Sign In</Link>
                </Button>
                <Button asChild size="sm" variant="gradient">
                  <Link to={paths.joinWaitlist}>Join Waitlist</Link>
                </Button>
              </>
            )}
          </div>
          <Button
            variant="ghost"
            size="icon"
            ref={toggleRef}
            aria-label="Open menu"
            aria-expanded={open}
            aria-haspopup="dialog"
            onPointerEnter={() => void loadDrawer()}
            onFocus={() => void loadDrawer()}
            onClick={openDrawer}
            className={darkText ? 'text-slate-900 hover:bg-slate-900/5' : 'text-white hover:bg-white/10'}
          >
            <Menu className="!size-6" aria-hidden="true" />
          </Button>
        </div>
      </nav>
      {drawerWanted && (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onOpenChange={setOpen} returnFocusTo={toggleRef} />
        </Suspense>
      )}
    </header>
  );
}

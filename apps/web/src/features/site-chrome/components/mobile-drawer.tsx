import { ArrowRight, LayoutDashboard, LogIn, LogOut, Sparkles, UserRound } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/session/auth-context';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { authMessages } from '@/lib/messages/auth';
import { paths } from '@/lib/paths';
import { loadSupabase } from '@/lib/supabase';
import { PLATFORM_LINKS } from '../nav-links';
import { BrandLogo } from './brand-logo';

/** The drawer from the right (docs/product.md#mobile-drawer): account actions by sign-in state, then the Platform list. Every choice closes it. */
export default function MobileDrawer({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The drawer mounts lazily, outside a Radix trigger: say where focus goes back to on close. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { user, isSignedIn } = useAuth();
  const navigate = useNavigate();
  const close = () => onOpenChange(false);

  const signOut = async () => {
    close();
    try {
      const { error } = await (await loadSupabase()).auth.signOut();
      if (error) throw error;
      toast.success(authMessages.auth.signedOut);
      await navigate(paths.home);
    } catch {
      toast.error(authMessages.auth.signOutFailed);
    }
  };

  const item = (to: string, label: string, icon: ReactNode, variant: 'gradient' | 'outline' = 'outline') => (
    <Button asChild variant={variant} className="h-11 w-full justify-start">
      <Link to={to} onClick={close}>
        {icon}
        {label}
      </Link>
    </Button>
  );

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        data-testid="mobile-drawer"
        className="bg-[#0e1428]"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetTitle asChild>
          <h2>
            <BrandLogo className="text-lg" />
          </h2>
        </SheetTitle>
        <SheetDescription className="sr-only">Site menu</SheetDescription>
        <section aria-label="Account" className="flex flex-col gap-2 pt-2">
          {isSignedIn ? (
            <>
              <p className="rounded-lg border border-white/10 bg-white/5 p-3 text-sm">
                <span className="block text-muted-foreground">Welcome back</span>
                <span className="block truncate font-medium" data-testid="drawer-email">
                  {user?.email}
                </span>
              </p>
              {item(paths.dashboard, 'Dashboard', <LayoutDashboard aria-hidden="true" />, 'gradient')}
              {item(paths.user, 'Profile', <UserRound aria-hidden="true" />)}
              <Button variant="outline" className="h-11 w-full justify-start" onClick={() => void signOut()}>
                <LogOut aria-hidden="true" />
                Sign Out
              </Button>
            </>
          ) : (
            <>
              {item(paths.joinWaitlist, 'Join Waitlist', <Sparkles aria-hidden="true" />, 'gradient')}
              {item(paths.signIn, 'Sign In', <LogIn aria-hidden="true" />)}
            </>
          )}
        </section>
        <nav aria-labelledby="drawer-platform" className="border-t border-white/10 pt-4">
          <h3 id="drawer-platform" className="mb-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
            Platform
          </h3>
          <ul className="flex flex-col">
            {PLATFORM_LINKS.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  onClick={close}
                  className="group flex items-center justify-between rounded-md px-3 py-3 font-medium hover:bg-white/5"
                >
                  {l.label}
                  <ArrowRight
                    className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </SheetContent>
    </Sheet>
  );
}

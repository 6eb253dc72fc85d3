import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { toast, Toaster } from 'sonner';
import { DARK_NAV_TEXT_ROUTES } from '@/lib/paths';
import { toasterReady } from '@/lib/toast';

/**
 * The toaster, themed like the page under it (light on the light surfaces, dark elsewhere; docs/design.md#toasts)
 * and placed below the 64 px top bar, so a toast never covers the bar's Join Waitlist or menu toggle.
 * docs/product.md#constants: at most 3 toasts, 4000 ms.
 */
export function PageToaster() {
  const { pathname } = useLocation();
  const theme = DARK_NAV_TEXT_ROUTES.includes(pathname) ? 'light' : 'dark';
  return (
    <>
      <Toaster
        visibleToasts={3}
        duration={4000}
        theme={theme}
        richColors
        closeButton
        position="top-right"
        offset={{ top: 80, right: 16 }}
        mobileOffset={{ top: 72, left: 12, right: 12 }}
      />
      <QueuedToasts />
    </>
  );
}

/** After the Toaster (a later sibling's effect runs after its subscription): shows what lib/toast queued. */
function QueuedToasts() {
  useEffect(() => toasterReady(toast), []);
  return null;
}

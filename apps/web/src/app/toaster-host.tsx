import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { requestToaster, subscribeToasterWanted, toasterWanted } from '@/lib/toast';

const PageToaster = lazy(() => import('./page-toaster').then((m) => ({ default: m.PageToaster })));

/**
 * Mounts the toaster (sonner, its own chunk) only when it can be needed, so the home page's first visit does not
 * load it: when a toast is queued (lib/toast, which every toast goes through), and ahead of need on the first pointer
 * or key press and when the session layer loads (issue 15).
 */
export function ToasterHost() {
  const wanted = useSyncExternalStore(subscribeToasterWanted, toasterWanted, () => false);
  useEffect(() => {
    if (wanted) return;
    const events = ['pointerdown', 'keydown'] as const;
    const onInput = () => requestToaster();
    for (const e of events) window.addEventListener(e, onInput, { capture: true, passive: true, once: true });
    return () => {
      for (const e of events) window.removeEventListener(e, onInput, { capture: true });
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <PageToaster />
    </Suspense>
  );
}

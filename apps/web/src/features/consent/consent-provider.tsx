import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ConsentContext, type ConsentContextValue } from '@/lib/consent/consent-context';
import { useHydrated } from '@/lib/use-hydrated';
import { CUSTOMISE_BUTTON_ID } from './components/consent-ids';
import ConsentPrompt from './components/consent-prompt';
import {
  buildRecord,
  CONSENT_KEY,
  CONSENT_VERSION_KEY,
  DEFAULT_CONSENT,
  isDecisionCurrent,
  readConsent,
  writeConsent,
  type ConsentRecord,
} from './consent-storage';

// The dialog is its own chunk. The prompt is not: it is prerendered, part of the first paint (docs/decisions/0086).
const CookiePreferencesDialog = lazy(() => import('./components/cookie-preferences-dialog'));

function currentState() {
  const stored = readConsent();
  return { stored, current: isDecisionCurrent(stored), read: true };
}

/**
 * Before the stored choice is read: what the prerendered HTML shows (the prompt, nothing consented), so hydration
 * matches. A visitor who has decided never sees that prompt: the head's consent gate hides it until the choice is read.
 */
const NOT_READ = { stored: DEFAULT_CONSENT, current: false, read: false };

/** Cookie consent shared by analytics and the booking/video embeds (docs/product.md#cookie-consent). */
export function ConsentProvider({ children }: { children: ReactNode }) {
  // Read after hydration (decision 0046): the prompt is fixed, so showing or dropping it moves nothing. A choice made
  // here, or in another tab, replaces what was read.
  const hydrated = useHydrated();
  const read = useMemo(() => (hydrated ? currentState() : NOT_READ), [hydrated]);
  // The app's own reading now decides; the gate's mark (packages/shared/src/consent-gate.ts) has done its job.
  useEffect(() => {
    if (hydrated) delete document.documentElement.dataset.consent;
  }, [hydrated]);
  const [changed, setState] = useState<ReturnType<typeof currentState> | null>(null);
  const state = changed ?? read;
  const [dialogOpen, setDialogOpen] = useState(false);
  // Where focus was when the dialog opened, to return it there on close (issue 18, defect 6). When that was the
  // prompt's Customise button, the prompt has been re-rendered meanwhile, so its new button takes focus.
  const returnFocus = useRef<HTMLElement | null>(null);
  const closeDialog = useCallback((open: boolean) => {
    setDialogOpen(open);
    if (open) return;
    setTimeout(() => {
      const el = returnFocus.current;
      returnFocus.current = null;
      if (el?.isConnected) el.focus();
      else document.getElementById(CUSTOMISE_BUTTON_ID)?.focus();
    }, 0);
  }, []);

  // Another tab changed the record: follow it (docs/product.md#cookie-consent).
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === CONSENT_KEY || e.key === CONSENT_VERSION_KEY || e.key === null) setState(currentState());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const persist = useCallback(async (record: ConsentRecord) => {
    writeConsent(record);
    setState({ stored: record, current: true, read: true });
    setDialogOpen(false);
    const { recordConsent } = await import('./api/record-consent');
    await recordConsent(record);
    // Scripts that were (or were not) allowed are only added or dropped cleanly by a fresh page.
    window.location.reload();
  }, []);

  const value = useMemo<ConsentContextValue>(
    () => ({
      consent: state.current ? state.stored : DEFAULT_CONSENT,
      stored: state.stored,
      openPreferences: () => {
        returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setDialogOpen(true);
      },
      acceptAll: () => persist(buildRecord({ performance: true, functional: true, targeting: true })),
      save: (prefs) => persist(buildRecord(prefs)),
    }),
    [state, persist],
  );

  return (
    <ConsentContext.Provider value={value}>
      {/* First in the document, so keyboard users reach the prompt at once rather than after the whole page (WCAG 2.4.11). */}
      {!state.current && !dialogOpen && <ConsentPrompt />}
      {children}
      <Suspense fallback={null}>{dialogOpen && <CookiePreferencesDialog open onOpenChange={closeDialog} />}</Suspense>
    </ConsentContext.Provider>
  );
}

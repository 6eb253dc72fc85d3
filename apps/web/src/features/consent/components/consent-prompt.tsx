import { Cookie } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useConsent } from '@/lib/consent/consent-context';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { CUSTOMISE_BUTTON_ID } from './consent-ids';

/** The three choices share a phone's row: narrower padding and text there. */
const CHOICE = 'px-2 text-xs sm:px-4 sm:text-sm';

/**
 * First visit (or a new policy version): a non-blocking prompt where accepting, refusing and customising are
 * equally easy (same size, same row), as the ICO expects. Nothing optional runs until a choice is made.
 */
export default function ConsentPrompt() {
  const { acceptAll, save, openPreferences } = useConsent();
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useKeepFocusClearOf(ref);
  const run = (fn: () => Promise<void>) => {
    setBusy(true);
    void fn();
  };
  return (
    <section
      ref={ref}
      aria-labelledby="consent-prompt-title"
      className="[html[data-consent=current]_&]:hidden fixed inset-x-2 bottom-2 z-40 mx-auto max-w-3xl rounded-xl border border-border bg-card/95 p-3 text-card-foreground shadow-2xl shadow-black/40 sm:inset-x-6 sm:bottom-6 sm:p-5"
    >
      <div className="flex gap-4">
        <Cookie className="mt-1 hidden size-6 shrink-0 text-brand sm:block" aria-hidden="true" />
        <div className="flex-1">
          <h2 id="consent-prompt-title" className="font-semibold">
            Your privacy, your choice
          </h2>
          <p className="mt-1 text-xs text-muted-foreground sm:text-sm">
            We use necessary storage to run the site. With your permission we also use analytics, functional
            {/* The phone's prompt keeps to a few lines, clear of the hero's buttons: the policy tells the rest. */}
            <span className="hidden sm:inline"> (the booking calendar and videos)</span> and marketing cookies.{' '}
            <a className="text-brand underline underline-offset-2" href={paths.cookiePolicy}>
              Read the Cookie Policy
            </a>
            .
          </p>
          {/* One row on a phone too: three stacked buttons took a third of a 390 px screen. */}
          <div className="mt-3 grid grid-cols-3 gap-2 sm:mt-4">
            <Button className={CHOICE} variant="secondary" disabled={busy} onClick={() => run(acceptAll)}>
              Accept All
            </Button>
            <Button
              className={CHOICE}
              variant="secondary"
              disabled={busy}
              onClick={() => run(() => save({ performance: false, functional: false, targeting: false }))}
            >
              Necessary only
            </Button>
            <Button id={CUSTOMISE_BUTTON_ID} className={CHOICE} variant="secondary" disabled={busy} onClick={openPreferences}>
              Customise
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

/**
 * WCAG 2.4.11 (focus not obscured): while the fixed prompt is up, the page keeps its height clear of it. Scroll padding
 * keeps a focused control above the prompt; body padding lets the last controls of the page get there too.
 */
function useKeepFocusClearOf(ref: React.RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    // The browser's own focus scrolling is smooth (the site's CSS) and may stop short; settle keyboard focus at once.
    const settle = (target: EventTarget | null) => {
      if (!(target instanceof HTMLElement) || el.contains(target) || !target.matches(':focus-visible')) return;
      target.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    };
    const apply = () => {
      // Hidden by the consent gate until the app has read the stored choice: nothing to keep clear of yet.
      if (!el.getClientRects().length) return;
      const clear = `${Math.ceil(window.innerHeight - el.getBoundingClientRect().top) + 8}px`;
      if (root.style.scrollPaddingBottom === clear) return;
      root.style.scrollPaddingBottom = clear;
      document.body.style.paddingBottom = clear;
      // The prompt grew (its text reflowed when the brand fonts arrived, or the window narrowed): the control that
      // has keyboard focus may now sit under it.
      settle(document.activeElement);
    };
    const onFocus = (e: FocusEvent) => settle(e.target);
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(el);
    window.addEventListener('resize', apply);
    // Capture: React stops a focus event whose target is in a part that has not hydrated yet (lib/deferred-hydration)
    // at the root, before it could bubble up to the document.
    document.addEventListener('focusin', onFocus, true);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', apply);
      document.removeEventListener('focusin', onFocus, true);
      root.style.scrollPaddingBottom = '';
      document.body.style.paddingBottom = '';
    };
  }, [ref]);
}

import { Cookie } from 'lucide-react';
import { useState } from 'react';
import { useConsent } from '@/app/consent-provider';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/**
 * First visit (or a new policy version): a non-blocking prompt where accepting, refusing and customising are
 * equally easy (same size, same row), as the ICO expects. Nothing optional runs until a choice is made.
 */
export default function ConsentPrompt() {
  const { acceptAll, save, openPreferences } = useConsent();
  const [busy, setBusy] = useState(false);
  const run = (fn: () => Promise<void>) => {
    setBusy(true);
    void fn();
  };
  return (
    <section
      aria-labelledby="consent-prompt-title"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-3xl rounded-xl border border-border bg-card/95 p-5 text-card-foreground shadow-2xl shadow-black/40 backdrop-blur sm:inset-x-6 sm:bottom-6"
    >
      <div className="flex gap-4">
        <Cookie className="mt-1 hidden size-6 shrink-0 text-violet-300 sm:block" aria-hidden="true" />
        <div className="flex-1">
          <h2 id="consent-prompt-title" className="font-semibold">
            Your privacy, your choice
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            We use necessary storage to run the site. With your permission we also use analytics, functional (the booking calendar and
            videos) and marketing cookies.{' '}
            <a className="text-violet-300 underline underline-offset-2" href={paths.cookiePolicy}>
              Read the Cookie Policy
            </a>
            .
          </p>
          <div className="mt-4 grid gap-2 sm:grid-cols-3">
            <Button variant="secondary" disabled={busy} onClick={() => run(acceptAll)}>
              Accept All
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => run(() => save({ performance: false, functional: false, targeting: false }))}>
              Necessary only
            </Button>
            <Button variant="secondary" disabled={busy} onClick={openPreferences}>
              Customise
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

import { CalendarCheck, ExternalLink, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useConsent } from '@/lib/consent/consent-context';
import { Button } from '@/components/ui/button';
import { publicMessages } from '@/lib/messages/public';
import { runtimeConfig } from '@/lib/runtime-config';

/** Where the page comes back to after the reload that saving consent makes: the calendar (booking-section.tsx). */
export const CALENDAR_ID = 'book-calendar';

/** Before functional-cookie consent: say what loading the calendar means, and offer to allow it or to book directly. */
export function ConsentNeededPanel() {
  const { stored, save } = useConsent();
  const [busy, setBusy] = useState(false);
  return (
    <div
      data-testid="booking-consent-panel"
      className="flex min-h-[620px] flex-col items-center justify-center gap-6 p-6 text-center sm:p-10"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-cyan-500/15 text-highlight">
        <CalendarCheck className="size-7" aria-hidden="true" />
      </span>
      <div className="max-w-lg">
        <h3 className="text-2xl font-bold tracking-tight">Pick a time that suits you</h3>
        <p className="mt-3 text-muted-foreground">
          Our calendar is provided by Calendly, which sets its own cookies. Allow functional cookies to show it here, or book on
          Calendly&apos;s site instead.
        </p>
      </div>
      <div className="flex w-full max-w-lg flex-col gap-3 sm:flex-row sm:justify-center">
        <Button
          variant="gradient"
          size="lg"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            // Saving reloads the page (consent-provider.tsx); the hash brings the visitor back to the calendar, not the top.
            history.replaceState(history.state, '', `${location.pathname}${location.search}#${CALENDAR_ID}`);
            void save({ performance: stored.performance, functional: true, targeting: stored.targeting });
          }}
        >
          <ShieldCheck aria-hidden="true" />
          Allow &amp; Show Calendar
        </Button>
        <Button asChild variant="outline" size="lg">
          <a href={runtimeConfig().bookingUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Book Directly
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>
      <div className="text-sm text-muted-foreground">
        <p>{publicMessages.booking.helpHours}</p>
        <p>{publicMessages.booking.helpDirect}</p>
      </div>
    </div>
  );
}

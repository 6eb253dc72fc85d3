import { CalendarClock, ExternalLink, Mail, Phone, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { contactDetails } from '@/lib/contact-details';
import { publicMessages } from '@/lib/messages/public';
import { runtimeConfig } from '@/lib/runtime-config';

/**
 * Shown when the calendar cannot load (docs/product.md#booking-widget): book directly, call direct, or try again;
 * and, with no BOOKING_URL configured (`unconfigured`), in its place. Each way is offered only when the operator
 * configured it (issue 44): no made-up phone number, no link to someone else's calendar.
 */
export function BookingFallback({ timedOut, unconfigured = false }: { timedOut: boolean; unconfigured?: boolean }) {
  const { bookingUrl } = runtimeConfig();
  const contact = contactDetails();
  const m = publicMessages.booking;
  const [title, text] = unconfigured
    ? [m.unconfiguredTitle, m.unconfiguredText]
    : timedOut
      ? [m.timeoutTitle, m.timeoutText]
      : [m.errorTitle, m.errorText];
  return (
    <div
      role="status"
      data-testid="booking-fallback"
      className="flex min-h-[620px] flex-col items-center justify-center gap-6 p-6 text-center sm:p-10"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-violet-500/15 text-brand">
        <CalendarClock className="size-7" aria-hidden="true" />
      </span>
      <div className="max-w-md">
        <h3 className="text-2xl font-bold tracking-tight">{title}</h3>
        <p className="mt-3 text-muted-foreground">{text}</p>
        {unconfigured && contact.none && <p className="mt-3 text-muted-foreground">{publicMessages.contact.notConfigured}</p>}
      </div>
      <div className="flex w-full max-w-xl flex-col gap-3 sm:flex-row sm:justify-center">
        {bookingUrl && (
          <Button asChild variant="gradient" size="lg">
            <a href={bookingUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              Book Directly
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        )}
        {unconfigured && contact.email && (
          <Button asChild variant="gradient" size="lg">
            <a href={`mailto:${contact.email}`}>
              <Mail aria-hidden="true" />
              Email Us
            </a>
          </Button>
        )}
        {contact.phone && (
          <Button variant="outline" size="lg" onClick={() => window.alert(m.callDirect(contact.phone!.text))}>
            <Phone aria-hidden="true" />
            Call Direct
          </Button>
        )}
        {!unconfigured && (
          <Button variant="ghost" size="lg" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Try Again
          </Button>
        )}
      </div>
      <div className="text-sm text-muted-foreground">
        <p>{m.helpHours}</p>
        {bookingUrl && <p>{m.helpDirect}</p>}
      </div>
    </div>
  );
}

import { CalendarClock, ExternalLink, Phone, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CONTACT } from '@/lib/contact-details';
import { publicMessages } from '@/lib/public-messages';
import { runtimeConfig } from '@/lib/runtime-config';

/** Shown when the calendar cannot load (docs/product.md#booking-widget): book directly, call direct, or try again. */
export function BookingFallback({ timedOut }: { timedOut: boolean }) {
  const { bookingUrl } = runtimeConfig();
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
        <h3 className="text-2xl font-bold tracking-tight">
          {timedOut ? publicMessages.booking.timeoutTitle : publicMessages.booking.errorTitle}
        </h3>
        <p className="mt-3 text-muted-foreground">{timedOut ? publicMessages.booking.timeoutText : publicMessages.booking.errorText}</p>
      </div>
      <div className="flex w-full max-w-xl flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild variant="gradient" size="lg">
          <a href={bookingUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Book Directly
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
        <Button variant="outline" size="lg" onClick={() => window.alert(publicMessages.booking.callDirect(CONTACT.phone))}>
          <Phone aria-hidden="true" />
          Call Direct
        </Button>
        <Button variant="ghost" size="lg" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Try Again
        </Button>
      </div>
      <div className="text-sm text-muted-foreground">
        <p>{publicMessages.booking.helpHours}</p>
        <p>{publicMessages.booking.helpDirect}</p>
      </div>
    </div>
  );
}

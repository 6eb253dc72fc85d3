import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { runtimeConfig } from '@/lib/runtime-config';
import { watchBookingWidget, type BookingState } from '../booking-monitor';
import { CALENDLY_SCRIPT, calendlyEmbedUrl, isCalendlyEvent } from '../calendly';
import { loadScript } from '../load-script';
import { BookingFallback } from './booking-fallback';

/**
 * The Calendly inline widget, mounted only after functional-cookie consent. Its script loads here (never in
 * index.html); the monitor turns script errors, silence and slowness into the fallback panel.
 */
export default function BookingWidget() {
  const url = calendlyEmbedUrl(runtimeConfig().bookingUrl!); // mounted only when BOOKING_URL is set (booking-section)
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<BookingState>({ status: 'loading' });

  useEffect(() => {
    const monitor = watchBookingWidget({
      findWidget: () => ref.current,
      isScriptReady: () => Boolean(window.Calendly),
      onChange: setState,
    });
    const onMessage = (e: MessageEvent) => isCalendlyEvent(e) && monitor.contentSeen();
    window.addEventListener('message', onMessage);
    loadScript(CALENDLY_SCRIPT)
      .then(() => {
        // A content blocker may answer with an empty stub: loaded, but no widget API. That is a failure too.
        if (!window.Calendly) throw new Error('Calendly API missing');
        // The script initialises widgets present at its first run; ours may mount later, so start it ourselves.
        const el = ref.current;
        if (el && !el.querySelector('iframe')) window.Calendly?.initInlineWidget({ url, parentElement: el });
      })
      .catch(() => {
        console.warn('Booking calendar script could not load; showing the direct booking options.');
        monitor.scriptFailed();
      });
    return () => {
      monitor.stop();
      window.removeEventListener('message', onMessage);
    };
  }, [url]);

  if (state.status === 'error') return <BookingFallback timedOut={state.reason === 'timeout'} />;
  return (
    <div className="relative min-h-[620px]" aria-busy={state.status === 'loading'}>
      {state.status === 'loading' && (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner className="size-8 text-brand" label="Loading the booking calendar..." />
        </div>
      )}
      <div ref={ref} className="calendly-inline-widget relative min-h-[620px] w-full" data-url={url} data-testid="booking-widget" />
    </div>
  );
}

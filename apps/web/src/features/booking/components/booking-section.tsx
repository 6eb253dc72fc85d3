import { Clock, Sparkles, Target } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useConsent } from '@/lib/consent/consent-context';
import { Spinner } from '@/components/ui/spinner';
import { runtimeConfig } from '@/lib/runtime-config';
import { BookingFallback } from './booking-fallback';
import { CALENDAR_ID, ConsentNeededPanel } from './consent-needed-panel';

const BookingWidget = lazy(() => import('./booking-widget'));

const POINTS = [
  { icon: Clock, text: '30 minutes, one-to-one, no obligation' },
  { icon: Target, text: 'Your biggest growth lever, found together' },
  { icon: Sparkles, text: 'A tailored AI action plan to take away' },
];

/** Home section 4: Book Your Free Strategy Session, with the embedded calendar (min height 620 px). */
export function BookingSection() {
  const { consent } = useConsent();
  return (
    <section id="book" aria-labelledby="book-title" className="px-4 py-20 sm:px-6 lg:px-8">
      <div className="mx-auto grid max-w-7xl gap-10 lg:grid-cols-[1fr_1.6fr] lg:items-start">
        <div className="lg:sticky lg:top-24">
          <p className="text-sm font-semibold uppercase tracking-wider text-highlight">Free strategy session</p>
          <h2 id="book-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            Book Your Free Strategy Session
          </h2>
          <p className="mt-4 text-muted-foreground">
            Talk to a growth strategist about where your business is today and where AI can take it next. You leave with clear, practical
            next steps, whether or not you join.
          </p>
          <ul className="mt-6 flex flex-col gap-3">
            {POINTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-secondary-foreground">
                <Icon className="size-5 text-brand" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <div id={CALENDAR_ID} className="min-h-[620px] overflow-hidden rounded-2xl border border-border bg-card shadow-2xl shadow-black/30">
          {!runtimeConfig().bookingUrl ? (
            <BookingFallback timedOut={false} unconfigured />
          ) : consent.functional ? (
            <Suspense
              fallback={
                <div className="flex min-h-[620px] items-center justify-center">
                  <Spinner className="size-8 text-brand" />
                </div>
              }
            >
              <BookingWidget />
            </Suspense>
          ) : (
            <ConsentNeededPanel />
          )}
        </div>
      </div>
    </section>
  );
}

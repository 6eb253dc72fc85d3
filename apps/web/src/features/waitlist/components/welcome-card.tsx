import { ArrowRight, CalendarCheck, PartyPopper } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { runtimeConfig } from '@/lib/runtime-config';

/** docs/product.md#waitlist: after the booking page opens, the thanks page follows after 1 s. */
export const THANKS_REDIRECT_MS = 1000;

/** docs/product.md#waitlist: 'Welcome to the Waitlist!' with the position and the two choices. */
export function WelcomeCard({ position }: { position: number }) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    heading.current?.focus(); // the form is gone: move keyboard and screen-reader users to the result
    return () => window.clearTimeout(timer.current);
  }, []);

  const { bookingUrl } = runtimeConfig();
  function book() {
    window.open(bookingUrl, '_blank', 'noopener,noreferrer');
    timer.current = window.setTimeout(() => navigate(paths.waitlistThanks), THANKS_REDIRECT_MS);
  }

  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-cyan-500 text-white shadow-lg">
        <PartyPopper className="size-8" aria-hidden="true" />
      </span>
      <div className="flex flex-col gap-2">
        <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
          Welcome to the Waitlist!
        </h2>
        <p className="text-muted-foreground">
          You&apos;re position <span className="font-semibold text-foreground">#{position}</span> in line for early access and special
          launch pricing.
        </p>
      </div>
      <div className="rounded-lg border border-violet-500/30 bg-violet-500/10 px-6 py-4">
        <p className="text-xs uppercase tracking-widest text-brand">Your position</p>
        <p className="text-gradient text-5xl font-extrabold" data-testid="waitlist-position">
          #{position}
        </p>
      </div>
      <div className="flex w-full flex-col gap-3">
        {bookingUrl && (
          <Button variant="gradient" size="lg" className="h-auto min-h-12 w-full whitespace-normal py-3" onClick={book}>
            <CalendarCheck aria-hidden="true" />
            Book Free Strategy Session
          </Button>
        )}
        <Button
          variant="outline"
          size="lg"
          className="h-auto min-h-12 w-full whitespace-normal py-3"
          onClick={() => navigate(paths.waitlistThanks)}
        >
          Continue to Dashboard Preview
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">The strategy session is free, takes 30 minutes and opens in a new tab.</p>
    </div>
  );
}

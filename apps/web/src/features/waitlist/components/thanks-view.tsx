import { CalendarCheck, LayoutDashboard, Mail, Rocket, Sparkles, UserCheck } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { contactDetails } from '@/lib/contact-details';
import { publicMessages } from '@/lib/messages/public';
import { paths } from '@/lib/paths';
import { runtimeConfig } from '@/lib/runtime-config';
import { useHydrated } from '@/lib/use-hydrated';
import { readWaitlistUser, type StoredWaitlistUser } from '../waitlist-storage';
import { useRevealChildren } from '@/lib/use-reveal';

const NEXT_STEPS = [
  {
    icon: Mail,
    title: 'Check your inbox',
    text: 'Your confirmation with your place in line is on its way. Add us to your contacts so our updates reach you.',
  },
  {
    icon: CalendarCheck,
    title: 'Book your strategy session',
    text: 'A free 30-minute call where we map your goals and show you what the platform will do for your business.',
  },
  {
    icon: Rocket,
    title: 'Get early access',
    text: 'When your spot opens you receive an invitation to create your account, with your launch pricing locked in.',
  },
] as const;

/** /waitlist-thanks (docs/product.md#waitlist-thanks): needs the details stored on joining, otherwise back to the join page. */
const linkClass = 'font-medium text-highlight underline-offset-4 hover:underline';

export function ThanksView() {
  const revealSections = useRevealChildren<HTMLElement>();
  const navigate = useNavigate();
  const contact = contactDetails();
  const { bookingUrl } = runtimeConfig();
  // undefined until read after hydration: the prerendered thanks page is the spinner (decision 0046).
  const hydrated = useHydrated();
  const user = useMemo<StoredWaitlistUser | null | undefined>(() => (hydrated ? readWaitlistUser() : undefined), [hydrated]);

  useEffect(() => {
    if (user !== null) return;
    // an id, so a repeated effect (StrictMode, a quick remount) shows the message once
    toast.error(publicMessages.waitlist.joinFirst, { id: 'waitlist-join-first' });
    navigate(paths.joinWaitlist, { replace: true });
  }, [user, navigate]);

  if (!user) return <FullScreenSpinner />;
  return (
    <main ref={revealSections} className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[480px] bg-[radial-gradient(ellipse_at_top,rgba(6,182,212,0.2),transparent_65%)]"
      />
      <div className="relative mx-auto flex w-full max-w-4xl flex-col gap-10 px-4 py-12 sm:px-6 md:py-16">
        <section className="flex flex-col items-center gap-5 text-center" aria-labelledby="thanks-title">
          <span className="flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-cyan-500 text-white shadow-lg">
            <UserCheck className="size-8" aria-hidden="true" />
          </span>
          <h1 id="thanks-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            Welcome, <span className="text-gradient">{user.firstName}</span>!
          </h1>
          <p className="max-w-xl text-muted-foreground">
            You&apos;re <span className="font-semibold text-foreground">#{user.waitlistPosition}</span> on the {runtimeConfig().brandName}{' '}
            waitlist. We&apos;ll write to <span className="font-semibold text-foreground [overflow-wrap:anywhere]">{user.email}</span> as
            soon as your spot opens.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            {bookingUrl && (
              <Button variant="gradient" size="lg" onClick={() => window.open(bookingUrl, '_blank', 'noopener,noreferrer')}>
                <CalendarCheck aria-hidden="true" />
                Book Free Strategy Session
              </Button>
            )}
            <Button variant="outline" size="lg" onClick={() => navigate(paths.dashboardShowcase)}>
              <LayoutDashboard aria-hidden="true" />
              View Dashboard Preview
            </Button>
          </div>
        </section>

        <section aria-labelledby="next-title" className="flex flex-col gap-5">
          <h2 id="next-title" className="flex items-center justify-center gap-2 text-center text-2xl font-bold">
            <Sparkles className="size-5 text-brand" aria-hidden="true" />
            What Happens Next?
          </h2>
          <ol className="grid gap-4 md:grid-cols-3">
            {NEXT_STEPS.map((s, i) => (
              <li key={s.title}>
                <Card className="h-full">
                  <CardContent className="flex flex-col gap-3 p-6">
                    <div className="flex items-center gap-3">
                      <span className="flex size-9 items-center justify-center rounded-full bg-violet-500/20 text-sm font-bold text-brand">
                        {i + 1}
                      </span>
                      <s.icon className="size-5 text-highlight" aria-hidden="true" />
                    </div>
                    <h3 className="font-semibold">{s.title}</h3>
                    <p className="text-sm text-muted-foreground">{s.text}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ol>
        </section>

        <p className="text-center text-sm text-muted-foreground">
          Questions?{' '}
          {contact.email && (
            <>
              Email{' '}
              <a className={linkClass} href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
              {contact.phone ? ' or call ' : ' '}
            </>
          )}
          {contact.phone && (
            <>
              {contact.email ? '' : 'Call '}
              <a className={`whitespace-nowrap ${linkClass}`} href={contact.phone.href}>
                {contact.phone.text}
              </a>{' '}
            </>
          )}
          {!contact.email && !contact.phone ? (
            <>
              Write to us through our{' '}
              <Link className={linkClass} to={paths.contact}>
                contact form
              </Link>{' '}
            </>
          ) : null}
          ({contact.hours}).
        </p>
      </div>
    </main>
  );
}

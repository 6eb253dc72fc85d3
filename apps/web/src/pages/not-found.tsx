import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { LinkButton } from '@/features/content/components/link-button';
import { messages } from '@/lib/messages';
import { paths } from '@/lib/paths';

// Where people who mistyped an address usually meant to go.
const SUGGESTIONS = [
  { to: paths.pricing, label: 'Pricing Plans', text: 'Plans from £99 a month' },
  { to: paths.demo, label: 'Experience Demo', text: 'See the product in action' },
  { to: paths.contact, label: 'Contact us', text: 'We reply within one working day' },
];

/** Unknown addresses: a designed dead end with a way back and somewhere useful to go (issue 18, defect 7). */
export function Component() {
  return (
    <main className="relative isolate flex flex-1 items-center overflow-hidden px-4 py-20 sm:px-6 lg:px-8">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50%_45%_at_50%_30%,rgba(139,92,246,0.28),transparent_70%),radial-gradient(40%_35%_at_80%_80%,rgba(34,211,238,0.14),transparent_70%)]"
      />
      <div className="mx-auto flex w-full max-w-3xl flex-col items-center text-center">
        <p aria-hidden="true" className="text-gradient text-8xl font-extrabold tracking-tighter sm:text-9xl">
          404
        </p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-foreground sm:text-5xl">{messages.app.notFoundTitle}</h1>
        <p className="mt-4 max-w-xl text-lg text-muted-foreground">The page you were looking for does not exist or has moved.</p>
        <div className="mt-8">
          <LinkButton to={paths.home}>Back to the homepage</LinkButton>
        </div>
        <ul className="mt-12 grid w-full gap-4 text-left sm:grid-cols-3">
          {SUGGESTIONS.map((s) => (
            <li key={s.to}>
              <Link
                to={s.to}
                className="group flex h-full flex-col gap-1 rounded-2xl border border-border bg-card p-5 transition-colors hover:border-violet-400/50 hover:bg-white/[0.04]"
              >
                <span className="flex items-center justify-between font-semibold text-foreground">
                  {s.label}
                  <ArrowRight className="size-4 text-brand transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                </span>
                <span className="text-sm text-muted-foreground">{s.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}

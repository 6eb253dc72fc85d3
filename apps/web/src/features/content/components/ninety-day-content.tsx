import { CalendarCheck, Check, Clock, Rocket, Settings2, TrendingUp } from 'lucide-react';
import { paths } from '@/lib/paths';
import { CtaBand } from './cta-band';
import { LinkButton } from './link-button';
import { PageHero } from './page-hero';
import { useRevealChildren } from '@/lib/use-reveal';

const PHASES = [
  {
    icon: Settings2,
    days: 'Days 1-30',
    title: 'Foundation',
    items: [
      'Deep-dive strategy workshop and business audit',
      'Brand guide, messaging and customer personas',
      'Core tools connected: CRM, email, accounts',
      'Your AI coach trained on your business',
    ],
  },
  {
    icon: Rocket,
    days: 'Days 31-60',
    title: 'Launch',
    items: [
      'Website refresh or new MVP site live',
      'First automated lead and follow-up workflows',
      'Two marketing campaigns planned and launched',
      'Weekly check-ins with your strategist',
    ],
  },
  {
    icon: TrendingUp,
    days: 'Days 61-90',
    title: 'Scale',
    items: [
      'Results reviewed and budgets moved to what works',
      'Sales process and pipeline optimised',
      'Dashboards and KPIs your team can run alone',
      'A 12-month growth roadmap to keep going',
    ],
  },
];
const INCLUDED = [
  'A dedicated growth strategist for 90 days',
  'Weekly 45-minute strategy calls',
  'Up to three tool integrations built for you',
  'Done-for-you automations and campaign set-up',
  'Pro plan access for the full 90 days',
  'Priority support by email and phone',
];
const ADDONS = [
  'Extra tool integration',
  'Sales funnel build',
  'Paid ads launch (Google or Meta)',
  'Brand identity refresh',
  'Team AI training workshop',
  'Bookkeeping automation',
];
const COMPARE = [
  { feature: 'Price', package: '£2,500 one-off', monthly: '£99 to £499 per month' },
  { feature: 'Who does the work', package: 'We build it with you', monthly: 'You, with the AI coach' },
  { feature: 'Strategist time', package: 'Weekly calls for 90 days', monthly: 'VA hours on Pro and Growth' },
  { feature: 'Integrations built', package: 'Up to 3 included', monthly: 'Self-service' },
  { feature: 'Best for', package: 'A fast, guided transformation', monthly: 'Steady, self-led growth' },
];

/** /90-day: the premium 90-day transformation package; every booking button goes to the waitlist. */
export function NinetyDayContent() {
  const revealSections = useRevealChildren<HTMLElement>();
  return (
    <main ref={revealSections}>
      <PageHero
        eyebrow="90-Day Transform"
        title="Transform your business in 90 days"
        lead={
          <>
            <p>
              A done-with-you programme: strategy, systems and campaigns built around your business by a dedicated strategist and our AI.
            </p>
            <p className="mt-6">
              <span className="font-figures text-5xl font-extrabold text-foreground">£2,500</span>
              <span className="mt-1 block text-muted-foreground sm:ml-2 sm:mt-0 sm:inline">
                one-off, plus £500 per additional integration
              </span>
            </p>
          </>
        }
      >
        <LinkButton to={paths.joinWaitlist}>Book Your Transformation</LinkButton>
        <LinkButton to={paths.joinWaitlist} secondary>
          Book a Free Strategy Session
        </LinkButton>
      </PageHero>

      <section aria-labelledby="phases-title" className="px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="phases-title" className="text-center text-3xl font-bold tracking-tight text-foreground">
          Three phases, one clear plan
        </h2>
        <ol className="mx-auto mt-10 grid max-w-6xl gap-6 md:grid-cols-3">
          {PHASES.map(({ icon: Icon, ...p }) => (
            <li key={p.days} className="rounded-2xl border border-border bg-card p-7">
              <div className="flex items-center gap-3">
                <Icon className="size-6 text-brand" aria-hidden="true" />
                <span className="text-sm font-semibold text-highlight">{p.days}</span>
              </div>
              <h3 className="mt-3 text-2xl font-bold text-foreground">{p.title}</h3>
              <ul className="mt-4 flex flex-col gap-2.5 text-muted-foreground">
                {p.items.map((i) => (
                  <li key={i} className="flex gap-2">
                    <Check className="mt-1 size-4 shrink-0 text-success" aria-hidden="true" />
                    {i}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>

      <section aria-label="Inclusions and add-ons" className="bg-section px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-2">
          <div className="rounded-2xl border border-border bg-card p-7">
            <h2 className="text-2xl font-bold text-foreground">What’s included</h2>
            <ul className="mt-5 flex flex-col gap-3 text-secondary-foreground">
              {INCLUDED.map((i) => (
                <li key={i} className="flex gap-3">
                  <Check className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
                  {i}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl border border-border bg-card p-7">
            <h2 className="text-2xl font-bold text-foreground">Add-ons</h2>
            <p className="mt-2 text-muted-foreground">£500 each, added whenever you need them.</p>
            <ul className="mt-5 grid gap-3 sm:grid-cols-2">
              {ADDONS.map((a) => (
                <li
                  key={a}
                  className="flex items-center justify-between gap-2 rounded-xl border border-border bg-white/[0.03] px-4 py-3 text-secondary-foreground"
                >
                  {a}
                  <span className="font-semibold text-foreground">£500</span>
                </li>
              ))}
            </ul>
            <p className="mt-5 flex items-center gap-2 text-sm text-muted-foreground">
              <Clock className="size-4 text-highlight" aria-hidden="true" />
              Need something else? Send a custom request and we’ll review it within 48 hours.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="vs-monthly" className="px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-4xl">
          <h2 id="vs-monthly" className="text-center text-3xl font-bold tracking-tight text-foreground">
            90-day package or a monthly plan?
          </h2>
          <div
            className="mt-8 overflow-x-auto rounded-2xl border border-border bg-card"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
            tabIndex={0}
            role="region"
            // Named by the table, not the heading the section is named by: two regions of one name (axe landmark-unique).
            aria-labelledby="vs-monthly-caption"
          >
            <table className="stack-table w-full text-left sm:min-w-[520px]">
              <caption id="vs-monthly-caption" className="sr-only">
                The 90-day package compared with a monthly plan
              </caption>
              <thead className="bg-white/[0.03] text-secondary-foreground">
                <tr>
                  <th scope="col" className="p-4">
                    <span className="sr-only">Feature</span>
                  </th>
                  <th scope="col" className="p-4 text-brand">
                    90-Day Transform
                  </th>
                  <th scope="col" className="p-4">
                    Monthly plans
                  </th>
                </tr>
              </thead>
              <tbody>
                {COMPARE.map((r) => (
                  <tr key={r.feature} className="border-t border-white/5">
                    <th scope="row" className="p-4 font-medium text-secondary-foreground">
                      {r.feature}
                    </th>
                    <td data-label="90-Day Transform" className="bg-violet-500/5 p-4 text-foreground">
                      {r.package}
                    </td>
                    <td data-label="Monthly plans" className="p-4 text-muted-foreground">
                      {r.monthly}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <CtaBand
        title="Ready for your next 90 days?"
        text="Places are limited each month so every client gets a strategist’s full attention. Join the waitlist to reserve yours."
      >
        <LinkButton to={paths.joinWaitlist}>
          <CalendarCheck aria-hidden="true" />
          Book Your Transformation
        </LinkButton>
      </CtaBand>
    </main>
  );
}

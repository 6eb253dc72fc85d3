import { BarChart3, Bot, Target, Users } from 'lucide-react';
import { catalogueApps, useCatalogueSize } from '@/lib/catalogue-size';
import { paths } from '@/lib/paths';
import { runtimeConfig } from '@/lib/runtime-config';
import { CtaBand } from './cta-band';
import { LinkButton } from './link-button';
import { PageHero } from './page-hero';
import { useRevealChildren } from '@/lib/use-reveal';

const BLURBS = [
  {
    icon: Target,
    title: 'Targeted marketing',
    text: 'Stop shouting at everyone. Your coach finds the customers most likely to buy, writes to them in your voice, and shows which messages actually land.',
    points: ['Audience personas from your own data', 'Campaign copy for email, social and ads', '89% targeting accuracy in early access'],
  },
  {
    icon: Bot,
    title: 'Automation',
    text: 'Connect the tools you already use, from your CRM to your accounts, and let routine work run itself: follow-ups, reminders, reports and hand-offs.',
    points: [
      (apps: string) => `${apps[0]!.toUpperCase()}${apps.slice(1)} through Connect Anything`,
      'Make API connections on Pro',
      'Human VA support for the rest',
    ],
  },
  {
    icon: BarChart3,
    title: 'Analytics',
    text: 'Revenue, leads, conversion and cash flow on one dashboard, explained in plain English, with alerts before small problems become big ones.',
    points: ['Live business metrics', 'Weekly insight briefings', 'Goals tracked against your targets'],
  },
  {
    icon: Users,
    title: 'Community',
    text: 'Growing a business is lonely. Join other UK founders for monthly private webinars, peer reviews and shared playbooks that work.',
    points: ['Founder community access', 'Monthly private webinars on Pro', '100+ proven growth strategies'],
  },
];

/** /learn-more: four feature blurbs, then the waitlist and dashboard demo. */
export function LearnMoreContent() {
  const revealSections = useRevealChildren<HTMLElement>();
  const apps = catalogueApps(useCatalogueSize());
  return (
    <main ref={revealSections}>
      <PageHero
        eyebrow="How it works"
        title="Everything a growing business needs, in one coach"
        lead={
          <p>
            {runtimeConfig().brandName} combines AI that knows your business with real people who help you act on it. Here is what that
            means day to day.
          </p>
        }
      >
        <LinkButton to={paths.joinWaitlist}>Join the Waitlist</LinkButton>
        <LinkButton to={paths.dashboardShowcase} secondary>
          View Dashboard Demo
        </LinkButton>
      </PageHero>
      <section aria-label="Features" className="px-4 py-12 sm:px-6 lg:px-8">
        <ul className="mx-auto grid max-w-6xl gap-6 md:grid-cols-2">
          {BLURBS.map(({ icon: Icon, ...b }) => (
            <li key={b.title} className="rounded-2xl border border-border bg-card p-8">
              <span className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-violet-600 to-cyan-500 text-white">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h2 className="mt-5 text-2xl font-bold text-foreground">{b.title}</h2>
              <p className="mt-3 text-muted-foreground">{b.text}</p>
              <ul className="mt-5 flex flex-col gap-2 text-sm text-secondary-foreground">
                {b.points
                  .map((p) => (typeof p === 'function' ? p(apps) : p))
                  .map((p) => (
                    <li key={p} className="flex items-center gap-2">
                      <span className="size-1.5 rounded-full bg-cyan-400" aria-hidden="true" />
                      {p}
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
      <CtaBand title="Ready when you are" text="Join the waitlist for early access and launch pricing, or look around the dashboard first.">
        <LinkButton to={paths.joinWaitlist}>Join the Waitlist</LinkButton>
        <LinkButton to={paths.dashboardShowcase} secondary>
          View Dashboard Demo
        </LinkButton>
      </CtaBand>
    </main>
  );
}

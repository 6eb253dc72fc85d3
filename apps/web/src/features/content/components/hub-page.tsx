import { ArrowRight, Check, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Reveal } from '@/components/ui/reveal';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { CtaBand } from './cta-band';
import { LinkButton } from './link-button';
import { PageHero } from './page-hero';

/** One icon card of a hub page's feature grid. */
interface FeatureItem {
  icon: LucideIcon;
  title: string;
  text: string;
}

export interface HubStat {
  value: string;
  label: string;
  /** Where a claim comes from, printed beside it (lib/claims.ts). */
  source?: string;
}

export interface HubContent {
  /**
   * Each hub has its own composition (issue 18: the three were the same card grid): `split` (Website: hero beside its
   * figures, features as a ruled list, steps as a timeline), `bento` (Brand: one large feature among small tiles) and
   * `band` (Advertising: a full-width band of figures with their sources, numbered features, steps as a relay).
   */
  layout: 'split' | 'bento' | 'band';
  eyebrow: string;
  title: string;
  lead: string;
  stats: HubStat[];
  features: FeatureItem[];
  steps: { title: string; text: string }[];
  outcomes: { title: string; text: string }[];
  cta: { title: string; text: string };
}

const Actions = () => (
  <>
    <LinkButton to={paths.joinWaitlist}>Join the Waitlist</LinkButton>
    <LinkButton to={paths.demo} secondary>
      Watch the Demo
    </LinkButton>
  </>
);

function SectionTitle({ id, eyebrow, children, center = false }: { id: string; eyebrow: string; children: ReactNode; center?: boolean }) {
  return (
    <div className={cn('max-w-2xl', center && 'mx-auto text-center')}>
      <p className="text-sm font-semibold uppercase tracking-wider text-highlight">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {children}
      </h2>
    </div>
  );
}

/** "What changes for you": every outcome with what it means, so the panel is full, not three short lines. */
function Outcomes({ items, columns }: { items: HubContent['outcomes']; columns: 1 | 2 }) {
  return (
    <ul aria-labelledby="hub-outcomes" className={cn('mt-8 grid gap-5', columns === 2 && 'sm:grid-cols-2')}>
      {items.map((o) => (
        <li key={o.title} className="flex gap-3">
          <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-success/15 text-success">
            <Check className="size-4" aria-hidden="true" />
          </span>
          <div>
            <h3 className="font-semibold">{o.title}</h3>
            <p className="mt-1 text-muted-foreground">{o.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** One band of a hub page: revealed on scroll, the page's padding, optionally on the section tint. */
function HubBand({ labelledBy, tinted = false, children }: { labelledBy: string; tinted?: boolean; children: ReactNode }) {
  return (
    <Reveal>
      <section aria-labelledby={labelledBy} className={cn(tinted && 'bg-section', 'px-4 py-16 sm:px-6 lg:px-8')}>
        {children}
      </section>
    </Reveal>
  );
}

function SplitHub({ c }: { c: HubContent }) {
  return (
    <>
      <section className="relative isolate overflow-hidden px-4 pb-16 pt-12 sm:px-6 sm:pt-20 lg:px-8">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(45%_60%_at_15%_0%,rgba(6,182,212,0.2),transparent_70%)]"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[1.4fr_1fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-highlight">{c.eyebrow}</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">{c.title}</h1>
            <p className="mt-6 max-w-2xl text-lg text-muted-foreground sm:text-xl">{c.lead}</p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <Actions />
            </div>
          </div>
          <dl aria-label="Results" className="divide-y divide-border rounded-2xl border border-border bg-card shadow-lg shadow-black/20">
            {c.stats.map((s) => (
              <div key={s.label} className="flex flex-col-reverse gap-1 px-6 py-5">
                <dt className="text-sm text-muted-foreground">{s.label}</dt>
                <dd className="text-gradient font-figures text-4xl font-extrabold">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <HubBand labelledBy="hub-features">
        <div className="mx-auto max-w-6xl">
          <SectionTitle id="hub-features" eyebrow="What you get">
            Everything your website needs, in one place
          </SectionTitle>
          <ul className="mt-10 grid gap-x-12 sm:grid-cols-2">
            {c.features.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4 border-t border-border py-6">
                <Icon className="mt-0.5 size-6 shrink-0 text-brand" aria-hidden="true" />
                <div>
                  <h3 className="text-lg font-semibold">{title}</h3>
                  <p className="mt-1 text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </HubBand>
      <HubBand labelledBy="hub-steps" tinted>
        <div className="mx-auto max-w-6xl">
          <SectionTitle id="hub-steps" eyebrow="How it works">
            From first audit to a better site
          </SectionTitle>
          <ol className="relative mt-12 grid gap-10 md:grid-cols-3 md:gap-6">
            <span
              aria-hidden="true"
              className="absolute left-0 right-0 top-5 hidden h-px bg-gradient-to-r from-violet-500 via-cyan-400 to-transparent md:block"
            />
            {c.steps.map((s, i) => (
              <li key={s.title} className="relative">
                <span className="relative flex size-10 items-center justify-center rounded-full border border-border bg-background font-figures font-bold text-highlight">
                  {i + 1}
                </span>
                <h3 className="mt-5 text-lg font-semibold">{s.title}</h3>
                <p className="mt-1 text-muted-foreground">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </HubBand>
      <HubBand labelledBy="hub-outcomes">
        <div className="mx-auto max-w-6xl rounded-2xl border border-border bg-card p-8 sm:p-10">
          <SectionTitle id="hub-outcomes" eyebrow="Outcomes">
            What changes for you
          </SectionTitle>
          <Outcomes items={c.outcomes} columns={2} />
        </div>
      </HubBand>
    </>
  );
}

function BentoHub({ c }: { c: HubContent }) {
  const [lead, ...rest] = c.features;
  const LeadIcon = lead!.icon;
  return (
    <>
      <PageHero eyebrow={c.eyebrow} title={c.title} lead={<p>{c.lead}</p>}>
        <Actions />
      </PageHero>
      <section aria-label="Results" className="px-4 sm:px-6 lg:px-8">
        <dl className="mx-auto flex max-w-4xl flex-wrap justify-center gap-3">
          {c.stats.map((s) => (
            <div key={s.label} className="flex flex-row-reverse items-baseline gap-2 rounded-full border border-border bg-card px-5 py-2">
              <dt className="text-sm text-muted-foreground">{s.label}</dt>
              <dd className="font-figures text-lg font-bold text-brand">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <HubBand labelledBy="hub-features">
        <div className="mx-auto max-w-6xl">
          <SectionTitle id="hub-features" eyebrow="What you get" center>
            Your brand, kept in one place
          </SectionTitle>
          <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <li className="flex flex-col justify-end rounded-2xl border border-violet-400/30 bg-gradient-to-br from-violet-700/40 via-card to-cyan-700/25 p-8 sm:col-span-2 lg:row-span-2 lg:min-h-80">
              <LeadIcon className="size-10 text-brand" aria-hidden="true" />
              <h3 className="mt-6 text-2xl font-bold">{lead!.title}</h3>
              <p className="mt-2 max-w-md text-lg text-muted-foreground">{lead!.text}</p>
            </li>
            {rest.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-border bg-card p-5">
                <Icon className="size-5 text-highlight" aria-hidden="true" />
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </HubBand>
      <HubBand labelledBy="hub-steps" tinted>
        <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-2">
          <div>
            <SectionTitle id="hub-steps" eyebrow="How it works">
              Three steps to a brand guide
            </SectionTitle>
            <ol className="mt-8 flex flex-col gap-6">
              {c.steps.map((s, i) => (
                <li key={s.title} className="flex gap-4">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-cyan-600 font-bold text-white">
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold">{s.title}</h3>
                    <p className="mt-1 text-muted-foreground">{s.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <div className="rounded-2xl border border-border bg-card p-8">
            <h2 id="hub-outcomes" className="text-xl font-semibold">
              What changes for you
            </h2>
            <Outcomes items={c.outcomes} columns={1} />
          </div>
        </div>
      </HubBand>
    </>
  );
}

function BandHub({ c }: { c: HubContent }) {
  return (
    <>
      <PageHero eyebrow={c.eyebrow} title={c.title} lead={<p>{c.lead}</p>}>
        <Actions />
      </PageHero>
      <section aria-label="Results" className="border-y border-border bg-section px-4 sm:px-6 lg:px-8">
        <dl className="mx-auto grid max-w-6xl divide-y divide-border sm:grid-cols-3 sm:divide-x sm:divide-y-0">
          {c.stats.map((s) => (
            <div key={s.label} className="flex flex-col gap-1 px-6 py-8 text-center">
              <dt className="order-2 text-sm font-medium">{s.label}</dt>
              <dd className="text-gradient order-1 font-figures text-5xl font-extrabold">{s.value}</dd>
              {s.source && <dd className="order-3 mx-auto mt-2 max-w-56 text-xs text-muted-foreground">{s.source}</dd>}
            </div>
          ))}
        </dl>
      </section>
      <HubBand labelledBy="hub-features">
        <div className="mx-auto max-w-6xl">
          <SectionTitle id="hub-features" eyebrow="What you get">
            A campaign team in one screen
          </SectionTitle>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {c.features.map(({ icon: Icon, title, text }, i) => (
              <li key={title} className="rounded-2xl border border-border bg-card p-6">
                <div className="flex items-center justify-between">
                  <span className="font-figures text-sm font-bold text-highlight">{String(i + 1).padStart(2, '0')}</span>
                  <Icon className="size-5 text-brand" aria-hidden="true" />
                </div>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </HubBand>
      <HubBand labelledBy="hub-steps" tinted>
        <div className="mx-auto max-w-6xl">
          <SectionTitle id="hub-steps" eyebrow="How it works" center>
            Look first, then launch
          </SectionTitle>
          <ol className="mt-12 flex flex-col items-stretch gap-4 md:flex-row">
            {c.steps.map((s, i) => (
              <li key={s.title} className="flex flex-1 items-center gap-4">
                <div className="h-full flex-1 rounded-2xl border border-border bg-card p-6">
                  <p className="text-sm font-semibold text-highlight">Step {i + 1}</p>
                  <h3 className="mt-2 text-lg font-semibold">{s.title}</h3>
                  <p className="mt-1 text-muted-foreground">{s.text}</p>
                </div>
                {i < c.steps.length - 1 && (
                  <ArrowRight className="hidden size-5 shrink-0 text-muted-foreground md:block" aria-hidden="true" />
                )}
              </li>
            ))}
          </ol>
        </div>
      </HubBand>
      <HubBand labelledBy="hub-outcomes">
        <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[1fr_2fr]">
          <SectionTitle id="hub-outcomes" eyebrow="Outcomes">
            What changes for you
          </SectionTitle>
          <Outcomes items={c.outcomes} columns={2} />
        </div>
      </HubBand>
    </>
  );
}

const LAYOUTS = { split: SplitHub, bento: BentoHub, band: BandHub };

/** The Website, Brand and Advertising hubs: the same kinds of content, each in its own composition. */
export function HubPage({ content: c }: { content: HubContent }) {
  const Layout = LAYOUTS[c.layout];
  return (
    <main data-hub-layout={c.layout}>
      <Layout c={c} />
      <Reveal>
        <CtaBand title={c.cta.title} text={c.cta.text}>
          <LinkButton to={paths.joinWaitlist}>Join the Waitlist</LinkButton>
          <LinkButton to={paths.pricing} secondary>
            See Pricing
          </LinkButton>
        </CtaBand>
      </Reveal>
    </main>
  );
}

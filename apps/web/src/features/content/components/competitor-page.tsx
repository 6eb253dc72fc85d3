import { Check, Minus } from 'lucide-react';
import { catalogueApps, useCatalogueSize } from '@/lib/catalogue-size';
import { paths } from '@/lib/paths';
import { runtimeConfig } from '@/lib/runtime-config';
import { CtaBand } from './cta-band';
import { LinkButton } from './link-button';
import { PageHero } from './page-hero';
import { useRevealChildren } from '@/lib/use-reveal';

export interface CompetitorContent {
  name: string;
  lead: string;
  /** A feature that states the catalogue's size is given it as "124 apps" (lib/catalogue-size). */
  rows: { feature: string | ((apps: string) => string); us: boolean | string; them: boolean | string }[];
  reasons: { title: string; text: string }[];
  fairPoint: string;
}

function Cell({ v }: { v: boolean | string }) {
  if (v === true) return <Check className="mx-auto size-5 text-success" aria-label="Yes" />;
  if (v === false) return <Minus className="mx-auto size-5 text-muted-foreground" aria-label="No" />;
  return <span>{v}</span>;
}

/** /vs-gohighlevel and /vs-hubspot: an honest side-by-side comparison. */
export function CompetitorPage({ content: c }: { content: CompetitorContent }) {
  const revealSections = useRevealChildren<HTMLElement>();
  const brand = runtimeConfig().brandName;
  const apps = catalogueApps(useCatalogueSize());
  return (
    <main ref={revealSections}>
      <PageHero eyebrow="Compare" title={`${brand} vs ${c.name}`} lead={<p>{c.lead}</p>}>
        <LinkButton to={paths.joinWaitlist}>Join the Waitlist</LinkButton>
        <LinkButton to={paths.pricing} secondary>
          See Our Pricing
        </LinkButton>
      </PageHero>
      <section aria-labelledby="compare-heading" className="px-4 py-8 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-5xl">
          <h2 id="compare-heading" className="text-center text-3xl font-bold tracking-tight text-foreground">
            Side by side
          </h2>
          <div
            className="mt-8 overflow-x-auto rounded-2xl border border-border bg-card"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
            tabIndex={0}
            role="region"
            // Named by the table, not the heading the section is named by: two regions of one name (axe landmark-unique).
            aria-labelledby="compare-caption"
          >
            <table className="stack-table w-full text-sm sm:min-w-[560px]">
              <caption id="compare-caption" className="sr-only">
                {brand} compared with {c.name}
              </caption>
              <thead>
                <tr className="border-b border-border bg-white/[0.03]">
                  <th scope="col" className="p-4 text-left text-secondary-foreground">
                    Feature
                  </th>
                  <th scope="col" className="p-4 text-center text-brand">
                    {brand}
                  </th>
                  <th scope="col" className="p-4 text-center text-secondary-foreground">
                    {c.name}
                  </th>
                </tr>
              </thead>
              <tbody>
                {c.rows.map((r, i) => (
                  <tr key={i} className="border-b border-white/5 last:border-0">
                    <th scope="row" className="p-4 text-left font-medium text-secondary-foreground">
                      {typeof r.feature === 'function' ? r.feature(apps) : r.feature}
                    </th>
                    <td data-label={brand} className="bg-violet-500/5 p-4 text-center text-secondary-foreground">
                      <Cell v={r.us} />
                    </td>
                    <td data-label={c.name} className="p-4 text-center text-muted-foreground">
                      <Cell v={r.them} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-center text-xs text-muted-foreground">
            Based on {c.name}&apos;s publicly listed plans in November 2026. Check their website for current details.
          </p>
        </div>
      </section>
      <section aria-labelledby="why-heading" className="px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-6xl">
          <h2 id="why-heading" className="text-center text-3xl font-bold tracking-tight text-foreground">
            Why owners switch
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {c.reasons.map((r) => (
              <li key={r.title} className="rounded-2xl border border-border bg-card p-6">
                <h3 className="text-lg font-semibold text-foreground">{r.title}</h3>
                <p className="mt-2 text-muted-foreground">{r.text}</p>
              </li>
            ))}
          </ul>
          <p className="mx-auto mt-10 max-w-3xl rounded-xl border border-border bg-white/[0.03] p-5 text-muted-foreground">
            <strong className="text-foreground">To be fair: </strong>
            {c.fairPoint}
          </p>
        </div>
      </section>
      <CtaBand
        title="See the difference for yourself"
        text="Book a free 30-minute strategy session or join the waitlist for early-access pricing."
      >
        <LinkButton to={paths.joinWaitlist}>Join the Waitlist</LinkButton>
        <LinkButton to={paths.connectAnything} secondary>
          Test &amp; Compare Tools
        </LinkButton>
      </CtaBand>
    </main>
  );
}

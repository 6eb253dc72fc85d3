import { Check } from 'lucide-react';
import { paths } from '@/lib/paths';
import { CtaBand } from './cta-band';
import { FeatureGrid, type FeatureItem } from './feature-grid';
import { LinkButton } from './link-button';
import { PageHero } from './page-hero';

export interface HubContent {
  eyebrow: string;
  title: string;
  lead: string;
  stats: { value: string; label: string }[];
  features: FeatureItem[];
  steps: { title: string; text: string }[];
  outcomes: string[];
  cta: { title: string; text: string };
}

/** The layout shared by the Website, Brand and Advertising hubs. */
export function HubPage({ content: c }: { content: HubContent }) {
  return (
    <main>
      <PageHero eyebrow={c.eyebrow} title={c.title} lead={<p>{c.lead}</p>}>
        <LinkButton to={paths.joinWaitlist}>Join the Waitlist</LinkButton>
        <LinkButton to={paths.demo} secondary>
          Watch the Demo
        </LinkButton>
      </PageHero>
      <section aria-label="Results" className="px-4 sm:px-6 lg:px-8">
        <dl className="mx-auto grid max-w-5xl grid-cols-1 gap-4 sm:grid-cols-3">
          {c.stats.map((s) => (
            <div key={s.label} className="rounded-2xl border border-white/10 bg-card p-6 text-center">
              <dt className="text-sm text-slate-300">{s.label}</dt>
              <dd className="text-gradient mt-1 font-figures text-4xl font-extrabold">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <FeatureGrid id="hub-features" title="What you get" items={c.features} />
      <section aria-labelledby="hub-steps" className="bg-[#0d1326] px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-2">
          <div>
            <h2 id="hub-steps" className="text-3xl font-bold tracking-tight text-white">
              How it works
            </h2>
            <ol className="mt-8 flex flex-col gap-6">
              {c.steps.map((s, i) => (
                <li key={s.title} className="flex gap-4">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-cyan-500 font-bold text-white">
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold text-white">{s.title}</h3>
                    <p className="mt-1 text-slate-300">{s.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <div className="rounded-2xl border border-white/10 bg-card p-8">
            <h2 className="text-xl font-semibold text-white">What changes for you</h2>
            <ul className="mt-6 flex flex-col gap-4">
              {c.outcomes.map((o) => (
                <li key={o} className="flex gap-3 text-slate-200">
                  <Check className="mt-0.5 size-5 shrink-0 text-emerald-400" aria-hidden="true" />
                  {o}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <CtaBand title={c.cta.title} text={c.cta.text}>
        <LinkButton to={paths.joinWaitlist}>Join the Waitlist</LinkButton>
        <LinkButton to={paths.pricing} secondary>
          See Pricing
        </LinkButton>
      </CtaBand>
    </main>
  );
}

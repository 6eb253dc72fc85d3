import { Crosshair, Lightbulb, TrendingUp } from 'lucide-react';
import { CLAIMS } from '@/lib/claims';
import { SectionHeading } from './section-heading';

const INSIGHTS = [
  {
    icon: TrendingUp,
    claim: CLAIMS.growth,
    title: 'Performance intelligence',
    text: 'Spot what is working across sales, marketing and operations, and double down before competitors notice.',
  },
  {
    icon: Crosshair,
    claim: { ...CLAIMS.accuracy, label: 'accuracy' },
    title: 'Precision targeting',
    text: 'Audience and timing recommendations built from your own customers, not generic benchmarks.',
  },
  {
    icon: Lightbulb,
    claim: CLAIMS.strategies,
    title: 'Strategic breakthroughs',
    text: 'A library of proven growth playbooks, adapted to your industry, stage and goals by your coach.',
  },
];

/** Home section 7: Deeper Insights, three claims. */
export function DeeperInsights() {
  return (
    <section aria-labelledby="insights-title" className="bg-section px-4 py-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="insights-title" eyebrow="Deeper Insights" title="Insight that turns into results" />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {INSIGHTS.map(({ icon: Icon, ...c }) => (
            <li key={c.title} className="rounded-2xl border border-border bg-card p-7">
              <Icon className="size-7 text-highlight" aria-hidden="true" />
              <p className="mt-5">
                <span className="text-gradient font-figures text-5xl font-extrabold">{c.claim.value}</span>
                <span className="ml-2 text-muted-foreground">{c.claim.label}</span>
              </p>
              <p className="mt-1 text-xs text-muted-foreground">{c.claim.source}</p>
              <h3 className="mt-4 text-lg font-semibold text-foreground">{c.title}</h3>
              <p className="mt-2 text-muted-foreground">{c.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

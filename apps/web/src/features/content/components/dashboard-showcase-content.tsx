import { ArrowUpRight, Brain, Megaphone, MousePointerClick, PoundSterling } from 'lucide-react';
import { paths } from '@/lib/paths';
import { LinkButton } from './link-button';
import { PageHero } from './page-hero';
import { useRevealChildren } from '@/lib/use-reveal';

const KPIS = [
  { icon: PoundSterling, label: 'Revenue (30 days)', value: '£48,250', change: '+18.2%' },
  { icon: Megaphone, label: 'Active campaigns', value: '12', change: '+3' },
  { icon: MousePointerClick, label: 'Conversion rate', value: '4.8%', change: '+0.6 pts' },
  { icon: Brain, label: 'AI insights this week', value: '27', change: '9 new' },
];
const BARS = [42, 55, 48, 61, 58, 72, 68, 80, 77, 88, 84, 96];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const INSIGHTS = [
  'Email campaigns on Tuesday mornings convert 2.3x better than Fridays. Move next week’s send?',
  'Three leads from the pricing page have not had a reply in 48 hours.',
  'Your Google Ads cost per lead fell 14% after the new landing page. Scale the budget by 20%?',
];
const CAMPAIGNS = [
  { name: 'Spring launch email series', channel: 'Email', status: 'Running', roi: '412%' },
  { name: 'Local search: London', channel: 'Google Ads', status: 'Running', roi: '286%' },
  { name: 'Founder story video', channel: 'LinkedIn', status: 'Testing', roi: '154%' },
];

/** /dashboard-showcase: a static mock of the dashboard with sample figures (no live data). */
export function DashboardShowcaseContent() {
  const revealSections = useRevealChildren<HTMLElement>();
  return (
    <main ref={revealSections}>
      <PageHero
        eyebrow="Dashboard preview"
        title="Your business at a glance"
        lead={<p>A preview with sample figures. Your own dashboard fills in from the tools you connect.</p>}
      >
        <LinkButton to={paths.joinWaitlist}>Join the Waitlist</LinkButton>
      </PageHero>
      <section aria-label="Sample dashboard" className="px-4 pb-20 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-6xl rounded-3xl border border-border bg-section p-4 shadow-2xl shadow-violet-950/50 sm:p-6">
          <p className="mb-4 inline-block rounded-full bg-amber-400/15 px-3 py-1 text-xs font-semibold text-amber-200">Sample data</p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {KPIS.map(({ icon: Icon, ...k }) => (
              <li key={k.label} className="rounded-2xl border border-border bg-card p-5">
                <div className="flex items-center justify-between text-sm text-muted-foreground">
                  {k.label}
                  <Icon className="size-4 text-brand" aria-hidden="true" />
                </div>
                <p className="mt-2 font-figures text-3xl font-bold text-foreground">{k.value}</p>
                <p className="mt-1 flex items-center gap-1 text-sm text-success">
                  <ArrowUpRight className="size-4" aria-hidden="true" />
                  {k.change}
                </p>
              </li>
            ))}
          </ul>
          <div className="mt-4 grid gap-4 lg:grid-cols-[1.6fr_1fr]">
            <figure className="rounded-2xl border border-border bg-card p-5">
              <figcaption className="font-semibold text-foreground">Monthly revenue, sample year</figcaption>
              <div
                className="mt-6 flex h-48 items-end gap-1.5 sm:gap-3"
                role="img"
                aria-label="Bar chart: revenue rising from January to December"
              >
                {BARS.map((h, i) => (
                  <div key={MONTHS[i]} className="flex flex-1 flex-col items-center gap-2">
                    <div className="w-full rounded-t-md bg-gradient-to-t from-violet-700 to-cyan-400" style={{ height: `${h * 1.6}px` }} />
                    <span className="text-[10px] text-muted-foreground sm:text-xs">{MONTHS[i]}</span>
                  </div>
                ))}
              </div>
            </figure>
            <div className="rounded-2xl border border-border bg-card p-5">
              <h2 className="flex items-center gap-2 font-semibold text-foreground">
                <Brain className="size-4 text-highlight" aria-hidden="true" />
                AI insights
              </h2>
              <ul className="mt-4 flex flex-col gap-3 text-sm text-secondary-foreground">
                {INSIGHTS.map((t) => (
                  <li key={t} className="rounded-xl border border-border bg-white/[0.03] p-3">
                    {t}
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <div
            className="mt-4 overflow-x-auto rounded-2xl border border-border bg-card"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
            tabIndex={0}
            role="region"
            aria-label="Active campaigns"
          >
            <table className="stack-table w-full text-left text-sm sm:min-w-[520px]">
              <caption className="p-5 pb-2 text-left font-semibold text-foreground">Active campaigns</caption>
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className="px-5 py-2 font-medium">
                    Campaign
                  </th>
                  <th scope="col" className="px-5 py-2 font-medium">
                    Channel
                  </th>
                  <th scope="col" className="px-5 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-5 py-2 text-right font-medium">
                    ROI
                  </th>
                </tr>
              </thead>
              <tbody className="text-secondary-foreground">
                {CAMPAIGNS.map((c) => (
                  <tr key={c.name} className="border-t border-white/5">
                    <th scope="row" className="px-5 py-3 font-medium">
                      {c.name}
                    </th>
                    <td data-label="Channel" className="px-5 py-3">
                      {c.channel}
                    </td>
                    <td data-label="Status" className="px-5 py-3">
                      {c.status}
                    </td>
                    <td data-label="ROI" className="px-5 py-3 text-right text-success">
                      {c.roi}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        <div className="mt-10 flex justify-center">
          <LinkButton to={paths.joinWaitlist}>Join the Waitlist for Early Access</LinkButton>
        </div>
      </section>
    </main>
  );
}

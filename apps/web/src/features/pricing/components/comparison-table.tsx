import { PLAN_IDS, PLANS, type PlanId } from '@app/shared/plans';
import { Check, Minus } from 'lucide-react';

type Cell = boolean | string;
/** What each plan includes, row by row; the numbers come from the shared plan table. */
const ROWS: { feature: string; values: (id: PlanId) => Cell }[] = [
  { feature: 'AI credits per month', values: (id) => PLANS[id].credits.toLocaleString('en-GB') },
  { feature: '24/7 AI Business Coach', values: (id) => (id === 'basic' ? 'Standard' : id === 'pro' ? 'Enhanced' : 'Unlimited') },
  { feature: 'AI Research Assistant', values: () => true },
  { feature: 'MVP Website Builder', values: () => true },
  {
    feature: 'Human VA support',
    values: (id) => (PLANS[id].vaHours === null ? 'Unlimited' : PLANS[id].vaHours ? `${PLANS[id].vaHours} hours` : false),
  },
  { feature: 'Make API connections', values: (id) => id !== 'basic' },
  {
    feature: 'Custom connection requests / month',
    values: (id) => {
      const l = PLANS[id].limits.connect_anything_custom;
      return l === null ? 'Unlimited' : l ? String(l) : false;
    },
  },
  { feature: 'Marketing AI tools', values: (id) => id !== 'basic' },
  { feature: 'Client acquisition system', values: (id) => id !== 'basic' },
  { feature: 'Monthly private webinars', values: (id) => id !== 'basic' },
  { feature: 'SEO tools', values: (id) => id === 'growth' || id === 'enterprise' },
  { feature: 'Virtual coaching sessions', values: (id) => id === 'growth' || id === 'enterprise' },
  { feature: 'Website hosting and domain', values: (id) => id === 'growth' || id === 'enterprise' },
  { feature: 'Dedicated account manager', values: (id) => (id === 'enterprise' ? 'Dedicated team' : id === 'growth') },
  { feature: 'Custom integrations', values: (id) => id === 'growth' || id === 'enterprise' },
  { feature: 'White-label platform', values: (id) => id === 'enterprise' },
  { feature: 'Custom SLA and volume discounts', values: (id) => id === 'enterprise' },
  { feature: 'Support', values: (id) => (id === 'basic' ? 'Email' : id === 'enterprise' ? 'Priority + SLA' : 'Priority') },
];

function Value({ v }: { v: Cell }) {
  if (v === true) return <Check className="mx-auto size-5 text-emerald-600" aria-label="Included" />;
  if (v === false) return <Minus className="mx-auto size-5 text-muted-foreground" aria-label="Not included" />;
  return <span className="font-medium">{v}</span>;
}

/** The /pricing feature comparison table; one card per feature on a phone (.stack-table), a table from sm up. */
export function ComparisonTable() {
  return (
    <section aria-labelledby="compare-title" className="px-4 pb-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-6xl">
        <h2 id="compare-title" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          Compare every feature
        </h2>
        <div
          className="mt-8 overflow-x-auto rounded-2xl border bg-card shadow-sm"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
          tabIndex={0}
          role="region"
          // Named by the table, not the heading the section is named by: two regions of one name (axe landmark-unique).
          aria-labelledby="compare-caption"
        >
          <table className="stack-table w-full border-collapse text-sm sm:min-w-[720px]">
            <caption id="compare-caption" className="sr-only">
              Features included in each plan
            </caption>
            <thead>
              <tr className="border-b bg-muted/60">
                <th scope="col" className="p-4 text-left font-semibold">
                  Feature
                </th>
                {PLAN_IDS.map((id) => (
                  <th key={id} scope="col" className="p-4 text-center font-semibold">
                    {PLANS[id].name}
                    {PLANS[id].popular && <span className="mt-1 block text-xs font-medium text-primary">Most Popular</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.feature} className="border-b last:border-0 even:bg-muted/30">
                  <th scope="row" className="p-4 text-left font-medium">
                    {row.feature}
                  </th>
                  {PLAN_IDS.map((id) => (
                    <td key={id} data-label={PLANS[id].name} className="p-4 text-center">
                      <Value v={row.values(id)} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

import { PLAN_IDS, PLANS, type Currency } from '@app/shared/plans';
import { useState } from 'react';
import { cn } from '@/lib/utils';
import { useChoosePlan } from '../hooks/use-choose-plan';
import { CurrencyToggle } from './currency-toggle';
import { PlanCard } from './plan-card';

/** The pricing section (home page and /pricing): currency toggle and the four plans. */
export function PricingSection({ headingLevel = 'h2', className }: { headingLevel?: 'h1' | 'h2'; className?: string }) {
  const [currency, setCurrency] = useState<Currency>('GBP');
  const choose = useChoosePlan();
  const Heading = headingLevel;
  return (
    <section id="pricing" aria-labelledby="pricing-title" className={cn('px-4 py-20 sm:px-6 lg:px-8', className)}>
      <div className="mx-auto max-w-7xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-highlight">Early-access pricing</p>
          <Heading id="pricing-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            Simple plans that grow with you
          </Heading>
          <p className="mt-4 text-muted-foreground">
            Every plan includes the Free Custom AI MVP Builder. Join the waitlist to lock in launch pricing.
          </p>
          <div className="mt-8">
            <CurrencyToggle value={currency} onChange={setCurrency} />
          </div>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {PLAN_IDS.map((id) => (
            <PlanCard key={id} plan={PLANS[id]} currency={currency} onChoose={choose} headingLevel={headingLevel === 'h1' ? 'h2' : 'h3'} />
          ))}
        </div>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          Prices per month, billed monthly. Cancel any time. UK VAT added where applicable.
        </p>
      </div>
    </section>
  );
}

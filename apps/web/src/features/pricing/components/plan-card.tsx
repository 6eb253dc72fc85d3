import { formatPlanPrice, type Currency, type Plan } from '@app/shared/plans';
import { Check, Crown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** One plan: name, price in the chosen currency, contents, and its button (the toast + waitlist for every plan). */
export function PlanCard({
  plan,
  currency,
  onChoose,
  headingLevel = 'h3',
}: {
  plan: Plan;
  currency: Currency;
  onChoose: () => void;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  const custom = plan.price[currency] === null;
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      data-testid={`plan-${plan.id}`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-xl',
        plan.popular && 'border-violet-500 shadow-lg shadow-violet-900/20 ring-1 ring-violet-500',
        plan.premium && 'bg-gradient-to-b from-card to-violet-500/5',
      )}
    >
      {plan.popular && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-gradient-to-r from-violet-600 to-cyan-600 px-3 py-1 text-xs font-semibold text-white shadow">
          Most Popular
        </p>
      )}
      <Heading id={`plan-${plan.id}`} className="flex items-center gap-2 text-lg font-semibold">
        {plan.name}
        {plan.premium && <Crown className="size-4 text-amber-500" aria-label="Premium" />}
      </Heading>
      <p className="mt-1 min-h-[3.75rem] text-sm text-muted-foreground">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className={cn('text-4xl font-bold', custom ? 'tracking-tight' : 'font-figures')} data-testid={`price-${plan.id}`}>
          {formatPlanPrice(plan, currency)}
        </span>
        {!custom && <span className="text-sm text-muted-foreground">{plan.period}</span>}
      </p>
      <ul className="mt-6 flex flex-1 flex-col gap-2.5 text-sm">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-500" aria-hidden="true" />
            <span>{f}</span>
          </li>
        ))}
      </ul>
      <Button className="mt-8 w-full" size="lg" variant={plan.popular ? 'gradient' : 'outline'} onClick={onChoose}>
        {plan.buttonText}
        <span className="sr-only"> with {plan.name}</span>
      </Button>
    </article>
  );
}

import { Check, Coins, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { PLAN_IDS, PLANS, formatPlanPrice, type Plan } from '@app/shared';
import { usePlan } from '@/lib/plan/plan-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { messages } from '@/lib/messages';
import { cn } from '@/lib/utils';
import { useSubmitPlanRequest, type PlanRequest } from '../api/plan-requests';
import { CreditBar } from '@/components/credit-bar';
import { PLAN_SERVICES, TOP_UP_OPTIONS } from './plan-services';
import { runtimeConfig } from '@/lib/runtime-config';
import { openBillingPortal, startCheckout, type CheckoutOrder } from '../api/checkout';

const vaHours = (p: Plan) =>
  p.vaHours === null ? 'Unlimited VA support' : p.vaHours === 0 ? 'No VA support' : `${p.vaHours} hours VA support`;

/**
 * 'Your Plan': plans, credits and services. With Stripe set up (issue 41) plans and top-ups go to Stripe Checkout;
 * without it, requests are recorded for the operators, who act on them from /admin.
 */
export function PlanDialog() {
  const { planDialog, closePlanDialog, status, currentPlan, trialDaysRemaining, refresh } = usePlan();
  const [topUp, setTopUp] = useState<number>(TOP_UP_OPTIONS[1]);
  const request = useSubmitPlanRequest({
    onSuccess: () => {
      toast.success(messages.plans.requestSent);
      void refresh();
    },
    onError: () => void toast.error(messages.plans.requestFailed),
  });
  const send = (r: PlanRequest) => request.mutate(r);
  const checkout = runtimeConfig().checkout === true;
  const [paying, setPaying] = useState(false);
  const pay = (go: () => Promise<void>) => {
    setPaying(true);
    go().catch((err: unknown) => {
      setPaying(false);
      toast.error(err instanceof Error && err.message ? err.message : messages.plans.checkoutFailed);
    });
  };
  const buy = (order: CheckoutOrder) => pay(() => startCheckout(order));
  const busy = request.isPending || paying;

  return (
    <Dialog open={planDialog.open} onOpenChange={(o) => !o && closePlanDialog()}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle className="text-2xl">Your Plan</DialogTitle>
          <DialogDescription>
            {status
              ? `${status.plan_name}${status.status === 'trialing' && trialDaysRemaining !== null ? ` trial: ${trialDaysRemaining} days left` : status.status === 'expired' ? ' trial ended' : ''}. ${checkout ? messages.plans.checkoutIntro : messages.plans.noPayments}`
              : checkout
                ? messages.plans.checkoutIntro
                : messages.plans.noPayments}
          </DialogDescription>
          {checkout && (
            <div>
              <Button size="sm" variant="outline" disabled={busy} onClick={() => pay(openBillingPortal)}>
                Manage billing
              </Button>
            </div>
          )}
        </DialogHeader>

        {status && (
          <section
            aria-labelledby="plan-credits"
            className={cn('rounded-lg border p-4', planDialog.intent === 'top_up' && 'border-primary ring-1 ring-primary')}
          >
            <h3 id="plan-credits" className="flex items-center gap-2 font-semibold">
              <Coins aria-hidden className="size-4 text-accent" /> Credits
            </h3>
            <CreditBar balance={status.credits_balance} allowance={status.credits_allowance} className="mt-3" />
            <div className="mt-4 flex flex-wrap items-center gap-2">
              <span className="text-sm text-muted-foreground">Buy More Credits:</span>
              {TOP_UP_OPTIONS.map((n) => (
                <Button
                  key={n}
                  size="sm"
                  variant={topUp === n ? 'default' : 'outline'}
                  aria-pressed={topUp === n}
                  onClick={() => setTopUp(n)}
                >
                  {n.toLocaleString('en-GB')}
                </Button>
              ))}
              <Button
                size="sm"
                variant="gradient"
                disabled={busy}
                onClick={() =>
                  checkout ? buy({ kind: 'top_up', credits: topUp, currency: 'gbp' }) : send({ kind: 'top_up', detail: `${topUp} credits` })
                }
              >
                {checkout ? 'Buy credits' : 'Request top-up'}
              </Button>
            </div>
          </section>
        )}

        <section aria-label="Plans" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {PLAN_IDS.map((id) => {
            const p = PLANS[id];
            // With checkout, a trial of a plan can still be paid for: only a paid plan is "current".
            const current = currentPlan === id && !(checkout && status?.status !== 'active');
            return (
              <div
                key={id}
                className={cn(
                  'flex flex-col rounded-lg border bg-background/40 p-4',
                  current && 'border-primary ring-1 ring-primary',
                  p.popular && !current && 'border-accent/60',
                )}
              >
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-semibold">{p.name}</h3>
                  {current ? <Badge>Current</Badge> : p.popular ? <Badge variant="secondary">Most popular</Badge> : null}
                </div>
                <p className="mt-2 text-2xl font-bold">
                  {formatPlanPrice(p, 'GBP')}
                  <span className="text-sm font-normal text-muted-foreground">{p.period}</span>
                </p>
                <ul className="mt-3 space-y-1 text-sm text-muted-foreground">
                  <li className="flex gap-2">
                    <Check aria-hidden className="mt-0.5 size-4 text-accent" />
                    {p.credits.toLocaleString('en-GB')} credits
                  </li>
                  <li className="flex gap-2">
                    <Check aria-hidden className="mt-0.5 size-4 text-accent" />
                    {vaHours(p)}
                  </li>
                  <li className="flex gap-2">
                    <Check aria-hidden className="mt-0.5 size-4 text-accent" />
                    {p.modules.length} modules
                  </li>
                </ul>
                <Button
                  className="mt-4"
                  size="sm"
                  variant={current ? 'outline' : p.popular ? 'gradient' : 'secondary'}
                  disabled={current || busy}
                  onClick={() =>
                    checkout && id !== 'enterprise'
                      ? buy({ kind: 'plan', plan: id, currency: 'gbp' })
                      : send({ kind: 'upgrade', plan_id: id, detail: `Change to ${p.name}` })
                  }
                >
                  {current ? 'Your plan' : p.premium ? p.buttonText : checkout ? `Choose ${p.name}` : `Request ${p.name}`}
                </Button>
              </div>
            );
          })}
        </section>

        <section aria-labelledby="plan-services">
          <h3 id="plan-services" className="flex items-center gap-2 font-semibold">
            <Sparkles aria-hidden className="size-4 text-primary" /> Services
          </h3>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {PLAN_SERVICES.map((s) => (
              <div key={s.id} className="flex items-center justify-between gap-3 rounded-lg border p-3">
                <div>
                  <p className="font-medium">
                    {s.name} <span className="text-accent">{s.price}</span>
                  </p>
                  <p className="text-sm text-muted-foreground">{s.description}</p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={request.isPending}
                  onClick={() => send({ kind: 'service', detail: `${s.name} (${s.price})` })}
                >
                  Request
                </Button>
              </div>
            ))}
          </div>
        </section>
      </DialogContent>
    </Dialog>
  );
}

import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import type { PlanStatus } from '@/lib/plan/plan-context';
import { useAuth } from '@/lib/session/auth-context';
import { messages } from '@/lib/messages';
import { creditSummaryQuery, invoicesQuery, type CreditSummary } from '../api/billing';

const m = messages.billing;

/** When the plan renews, ends or the trial ends; nothing for a plan without a period (e.g. an ended trial). */
export function renewalLine(status: PlanStatus['status'] | undefined, summary: CreditSummary | null | undefined): string | null {
  if (!summary?.period_end || !status || status === 'expired' || status === 'canceled') return null;
  if (status === 'trialing') return m.trialEndsOn(summary.period_end);
  return summary.cancel_at_period_end ? m.endsOn(summary.period_end) : m.renewsOn(summary.period_end);
}

/** The renewal date under the plan's name. */
export function BrainRenewal({ status }: { status: PlanStatus | null | undefined }) {
  const { user } = useAuth();
  const summary = useQuery(creditSummaryQuery(user?.id, status?.credits_balance));
  const line = renewalLine(status?.status, summary.data);
  return line ? (
    <p className="text-sm text-muted-foreground" data-testid="brain-renewal">
      {line}
    </p>
  ) : null;
}

/** This month's grant and the credits that carry over, apart, each with its rule. */
export function BrainCreditSplit({ status }: { status: PlanStatus | null | undefined }) {
  const { user } = useAuth();
  const summary = useQuery(creditSummaryQuery(user?.id, status?.credits_balance));
  const s = summary.data;
  if (!s) return null;
  return (
    <dl className="mt-3 space-y-2 text-sm" data-testid="brain-credit-split">
      <div>
        <dt className="font-medium">{m.monthlyLeft(s.monthly_left, s.monthly_granted)}</dt>
        <dd className="text-xs text-muted-foreground">{m.monthlyRule}</dd>
      </div>
      <div>
        <dt className="font-medium">{m.extraLeft(s.extra_left)}</dt>
        <dd className="text-xs text-muted-foreground">{m.extraRule}</dd>
      </div>
    </dl>
  );
}

const money = (minor: number, currency: string) =>
  (minor / 100).toLocaleString('en-GB', { style: 'currency', currency: currency.toUpperCase() });

/** The customer's Stripe invoices; shown only to a customer who has paid online. */
export function BrainInvoices({ status }: { status: PlanStatus | null | undefined }) {
  const { user } = useAuth();
  const summary = useQuery(creditSummaryQuery(user?.id, status?.credits_balance));
  const paidOnline = summary.data?.paid_online === true;
  const invoices = useQuery(invoicesQuery(user?.id, paidOnline));
  if (!paidOnline) return null;
  return (
    <section aria-labelledby="brain-invoices" className="rounded-xl border bg-card p-6">
      <h3 id="brain-invoices" className="flex items-center gap-2 font-semibold">
        <FileText aria-hidden className="size-4 text-primary" /> {m.invoicesTitle}
      </h3>
      {invoices.isError ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {m.invoicesFailed}
        </p>
      ) : invoices.data?.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{m.invoicesNone}</p>
      ) : (
        <ul className="mt-3 divide-y text-sm">
          {invoices.data?.map((i) => (
            <li key={i.id} className="flex items-center gap-3 py-2">
              <span className="flex-1">
                {m.invoiceDate(i.created)}
                {i.number && <span className="ml-2 text-xs text-muted-foreground">{i.number}</span>}
              </span>
              <span className="tabular-nums">{money(i.amount_paid, i.currency)}</span>
              {i.url && (
                <a className="text-primary underline-offset-4 hover:underline" href={i.url} target="_blank" rel="noreferrer">
                  {m.invoiceView}
                </a>
              )}
              {i.pdf && (
                <a className="text-primary underline-offset-4 hover:underline" href={i.pdf} target="_blank" rel="noreferrer">
                  {m.invoicePdf}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

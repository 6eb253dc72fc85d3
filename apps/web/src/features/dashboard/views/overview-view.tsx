import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { GOALS } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { messages } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useAuth } from '@/lib/session/auth-context';
import { businessProfileQuery, type BusinessProfile } from '../api/profile';
import { BusinessStageField } from '../components/business-stage-field';
import { HealthFieldsForm } from '../components/health-fields-form';
import { businessHealthScore, HEALTH_ITEMS, isFilled, type HealthInput } from '../lib/health-score';

const METRIC_LABELS: Record<string, string> = {
  revenue: 'Revenue',
  customers: 'Customers',
  leads: 'Leads',
  conversion: 'Conversion rate',
  retention: 'Retention',
  costs: 'Costs',
  traffic: 'Website traffic',
  social: 'Social media',
  profit: 'Profit',
  cashflow: 'Cash flow',
};
const goalLabel = (id: string) => GOALS.find((g) => g.id === id)?.label ?? id;

function healthInput(p: BusinessProfile | null): HealthInput {
  return {
    businessName: p?.business_name,
    industry: p?.industry,
    businessStage: p?.business_stage,
    goals: p?.goals,
    targetAudience: p?.target_audience,
    monthlyRevenue: p?.monthly_revenue,
    teamSize: p?.team_size,
  };
}

/** One term and its value; `wide` spans the grid's row (the group div must stay a direct child of the `<dl>`). */
function Field({ label, wide = false, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2 lg:col-span-3' : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm">{children}</dd>
    </div>
  );
}
const none = <span className="text-muted-foreground">Not set yet</span>;
const chips = (items: string[]) =>
  items.length ? (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((x) => (
        <li key={x} className="rounded-full bg-secondary px-2.5 py-0.5 text-xs">
          {x}
        </li>
      ))}
    </ul>
  ) : (
    none
  );

/**
 * Dashboard view: what needs attention (failing connections) and the action plan being worked (from the page), then
 * the business profile and health score.
 */
export function OverviewView({
  attention,
  plan,
  review,
  metrics,
}: {
  attention?: React.ReactNode;
  plan?: React.ReactNode;
  review?: React.ReactNode;
  metrics?: React.ReactNode;
}) {
  const userId = useAuth().user?.id;
  const profile = useQuery(businessProfileQuery(userId));
  if (profile.isPending) return <Spinner className="size-6 text-primary" label="Loading your business profile" />;
  const p = profile.data ?? null;
  const input = healthInput(p);
  const score = businessHealthScore(input);

  return (
    <div className="space-y-4">
      {attention}
      {plan}
      {review}
      {metrics}
      <div className="grid gap-4 xl:grid-cols-[1fr_22rem]">
        <section aria-labelledby="profile-title" className="rounded-xl border bg-card p-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id="profile-title" className="text-xl font-semibold">
                {p?.business_name || 'Your business'}
              </h2>
              <p className="text-sm text-muted-foreground">Business profile from your onboarding</p>
            </div>
            <Button asChild variant="outline" size="sm">
              <Link to={paths.user}>
                {p?.onboarding_completed ? 'Edit profile' : 'Finish your profile'} <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
          <dl className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <Field label="Industry">{p?.industry || none}</Field>
            <Field label="Stage">
              <BusinessStageField userId={userId} stage={p?.business_stage} />
            </Field>
            <Field label="Profile completeness">
              <span className="font-semibold">{p?.completeness ?? 0}%</span>
              <Progress value={p?.completeness ?? 0} className="mt-2 h-1.5" aria-label="Profile completeness" />
              <span className="mt-1 block text-xs text-muted-foreground" data-testid="completeness-explained">
                {messages.dashboard.completenessExplained}
              </span>
            </Field>
            <Field label="Goals" wide>
              {chips((p?.goals ?? []).map(goalLabel))}
            </Field>
            <Field label="Targets and timeline" wide>
              {p?.business_targets || none}
            </Field>
            <Field label="Challenges" wide>
              {chips(p?.challenges ?? [])}
            </Field>
            <Field label="Key metrics" wide>
              {chips((p?.key_metrics ?? []).map((m) => METRIC_LABELS[m] ?? m))}
            </Field>
          </dl>
        </section>

        <section aria-labelledby="health-title" className="rounded-xl border bg-card p-6">
          <h2 id="health-title" className="font-semibold">
            Business health score
          </h2>
          <p className="mt-4 text-5xl font-bold text-gradient" data-testid="health-score">
            {score}%
          </p>
          <Progress
            value={score}
            className="mt-3"
            aria-label="Business health score"
            indicatorClassName="bg-gradient-to-r from-violet-500 to-cyan-400"
          />
          <p className="mt-2 text-xs text-muted-foreground" data-testid="health-explained">
            {messages.dashboard.healthExplained}
          </p>
          <ul className="mt-5 space-y-2">
            {HEALTH_ITEMS.map((i) => {
              const done = isFilled(input[i.key]);
              return (
                <li key={i.key} className="flex items-center gap-2 text-sm">
                  {done ? (
                    <CheckCircle2 aria-hidden className="size-4 text-emerald-400" />
                  ) : (
                    <Circle aria-hidden className="size-4 text-muted-foreground" />
                  )}
                  <span className={done ? '' : 'text-muted-foreground'}>{i.label}</span>
                  <span className="sr-only">{done ? 'complete' : 'missing'}</span>
                </li>
              );
            })}
          </ul>
          {score < 100 && (
            <Button asChild variant="gradient" className="mt-5 w-full">
              <Link to={paths.user}>Complete your profile</Link>
            </Button>
          )}
          <HealthFieldsForm key={userId} userId={userId} profile={p} />
        </section>
      </div>
    </div>
  );
}

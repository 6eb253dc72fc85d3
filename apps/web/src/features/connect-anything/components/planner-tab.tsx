import { Lock, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/session/auth-context';
import { usePlan } from '@/lib/plan/plan-context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { clientRateLimiter } from '@/lib/client-rate-limit';
import { messages } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useSubmitConnectionRequest } from '../api/requests';
import { SignInToSendLink } from './sign-in-notice';

const FEATURE = 'connect_anything_custom';
const empty = { source_app: '', target_app: '', description: '' };

/** Connection Planner, gated by the plan feature connect_anything_custom; requests count against the monthly limit. */
export function PlannerTab() {
  const { isSignedIn } = useAuth();
  const plan = usePlan();
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitConnectionRequest({
    onSuccess: () => {
      toast.success(messages.planner.submitted);
      setForm(empty);
      void plan.refresh();
    },
    onError: () => void toast.error(messages.planner.failed),
  });

  if (plan.isLoading) return <Spinner className="size-6 text-primary" label="Checking your plan" />;
  // A visitor has no plan, so the default context's answer applies: no access (the specification's section 6).
  if (!isSignedIn || !plan.hasFeature(FEATURE)) {
    return (
      <section aria-label="Connection Planner" className="mx-auto max-w-xl rounded-lg border bg-card p-8 text-center">
        <Lock aria-hidden className="mx-auto size-10 text-amber-400" />
        <h2 className="mt-3 text-xl font-semibold">{messages.connectAnything.limitedFunctionality}</h2>
        <p className="mt-2 text-muted-foreground">
          {plan.getUpgradeMessage(FEATURE)}. {messages.connectAnything.plannerIncludedFrom}
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          {isSignedIn ? (
            <Button variant="gradient" onClick={() => plan.openPlanDialog('plans')}>
              {messages.connectAnything.viewPlanOptions}
            </Button>
          ) : (
            <>
              {/* 'Your Plan' sends requests for an account: a visitor compares the plans on /pricing instead. */}
              <Button asChild variant="gradient">
                <Link to={paths.pricing}>{messages.connectAnything.viewPlanOptions}</Link>
              </Button>
              <SignInToSendLink size="default" />
            </>
          )}
        </div>
      </section>
    );
  }

  const limit = plan.getLimit(FEATURE);
  const remaining = plan.getRemainingUsage(FEATURE);
  const exhausted = remaining === 0;
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setError(null);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.source_app.trim() || !form.target_app.trim() || !form.description.trim()) {
      setError(messages.planner.fillAllFields);
      toast.error(messages.planner.fillAllFields);
      return;
    }
    if (!clientRateLimiter.attempt('connection-planner', 5, 60_000)) {
      toast.error(messages.planner.failed);
      return;
    }
    submit.mutate(form);
  };

  return (
    <section aria-label="Connection Planner" className="mx-auto max-w-2xl space-y-4">
      <div>
        <h2 className="text-xl font-semibold">Plan a custom connection</h2>
        <p className="text-sm text-muted-foreground" data-testid="planner-limit">
          {limit === null
            ? 'Your plan includes unlimited custom connection requests.'
            : `Your plan includes ${limit} custom connection requests a month: ${remaining ?? limit} left this month.`}
        </p>
      </div>
      {exhausted && <Alert>You have used this month's requests. {plan.getUpgradeMessage(FEATURE)}.</Alert>}
      <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-lg border bg-card p-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="planner-source">Source app</Label>
            <Input id="planner-source" placeholder="e.g. Typeform" value={form.source_app} onChange={set('source_app')} maxLength={200} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="planner-target">Target app</Label>
            <Input id="planner-target" placeholder="e.g. HubSpot" value={form.target_app} onChange={set('target_app')} maxLength={200} />
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor="planner-description">Connection description</Label>
          <Textarea
            id="planner-description"
            placeholder="What should happen, and when?"
            value={form.description}
            onChange={set('description')}
            maxLength={10000}
            rows={4}
          />
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" variant="gradient" disabled={submit.isPending || exhausted}>
          <Send aria-hidden /> {submit.isPending ? 'Submitting...' : 'Submit Request'}
        </Button>
      </form>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Brain, Coins, Star } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/session/auth-context';
import { usePlan } from '@/lib/plan/plan-context';
import { CreditBar } from '@/components/credit-bar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { messages } from '@/lib/messages';
import { topRatedQuery } from '../api/queries';
import { businessProfileQuery, personNameQuery, useSaveAiFeatures, useSavePersonName } from '../api/profile';
import { CategoryIcon } from '@/components/category-icon';
import { BrainCreditSplit, BrainInvoices, BrainRenewal } from '../components/brain-billing';

function ProfileForm() {
  const { user } = useAuth();
  const name = useQuery(personNameQuery(user?.id));
  if (name.isPending) return <p className="text-sm text-muted-foreground">Loading profile...</p>;
  // keyed by the saved values, so the form starts from what the server has
  const initial = { firstName: name.data?.firstName ?? '', surname: name.data?.surname ?? '' };
  return <ProfileFields key={`${initial.firstName}\u0000${initial.surname}`} initial={initial} />;
}

function ProfileFields({ initial }: { initial: { firstName: string; surname: string } }) {
  const { user } = useAuth();
  const [form, setForm] = useState(initial);
  const save = useSavePersonName(user?.id);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form, {
      onSuccess: () => toast.success(messages.dashboard.profileSaved),
      onError: () => toast.error(messages.dashboard.saveFailed),
    });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-labelledby="brain-profile">
      <h3 id="brain-profile" className="font-semibold">
        Profile
      </h3>
      <p className="text-sm text-muted-foreground">{user?.email}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="brain-first-name">First name</Label>
          <Input
            id="brain-first-name"
            value={form.firstName}
            maxLength={100}
            onChange={(e) => setForm((f) => ({ ...f, firstName: e.target.value }))}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="brain-surname">Surname</Label>
          <Input
            id="brain-surname"
            value={form.surname}
            maxLength={100}
            onChange={(e) => setForm((f) => ({ ...f, surname: e.target.value }))}
          />
        </div>
      </div>
      <Button type="submit" variant="gradient" size="sm" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save profile'}
      </Button>
    </form>
  );
}

function AiToggle() {
  const { user } = useAuth();
  const profile = useQuery(businessProfileQuery(user?.id));
  const save = useSaveAiFeatures(user?.id);
  const checked = save.isPending ? Boolean(save.variables) : (profile.data?.ai_features_enabled ?? true);
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <Label htmlFor="ai-features" className="font-semibold">
          AI features
        </Label>
        <p className="mt-1 text-sm text-muted-foreground">Let the AI coach use your business profile to tailor suggestions.</p>
      </div>
      <Switch
        id="ai-features"
        checked={checked}
        disabled={profile.isPending}
        onCheckedChange={(v) => save.mutate(v, { onError: () => toast.error(messages.dashboard.saveFailed) })}
      />
    </div>
  );
}

/** The Brain: plan, AI features, credits, profile names and top rated tools. */
export function BrainView({ usage }: { usage?: ReactNode }) {
  const plan = usePlan();
  const top = useQuery(topRatedQuery(5));
  const s = plan.status;
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <div className="space-y-4">
        <section aria-labelledby="brain-plan" className="space-y-5 rounded-xl border bg-card p-6">
          <div className="flex items-start justify-between gap-3">
            <div>
              <h2 id="brain-plan" className="flex items-center gap-2 text-lg font-semibold">
                <Brain aria-hidden className="size-5 text-primary" /> Your plan
              </h2>
              <p className="mt-1 text-2xl font-bold">{s?.plan_name ?? 'No plan'}</p>
              <p className="text-sm text-muted-foreground">
                {s?.status === 'trialing'
                  ? `Trial: ${plan.trialDaysRemaining ?? 0} days remaining`
                  : s?.status === 'expired'
                    ? 'Your trial has ended'
                    : s
                      ? `Status: ${s.status.replace('_', ' ')}`
                      : ''}
              </p>
              <BrainRenewal status={s} />
            </div>
            <Button variant="outline" size="sm" onClick={() => plan.openPlanDialog('plans')}>
              Your Plan
            </Button>
          </div>
          <AiToggle />
          <div className="rounded-lg border bg-background/40 p-4">
            <h3 className="flex items-center gap-2 font-semibold">
              <Coins aria-hidden className="size-4 text-accent" /> Credits
            </h3>
            {s ? (
              <>
                <CreditBar balance={s.credits_balance} allowance={s.credits_allowance} className="mt-3" />
                <BrainCreditSplit status={s} />
              </>
            ) : (
              <p className="mt-2 text-sm text-muted-foreground">Loading credits...</p>
            )}
            <Button className="mt-4" variant="gradient" size="sm" onClick={() => plan.openPlanDialog('top_up')}>
              Buy More Credits
            </Button>
          </div>
        </section>
        <BrainInvoices status={s} />
        {usage}
      </div>
      <div className="space-y-4">
        <section className="rounded-xl border bg-card p-6">
          <ProfileForm />
        </section>
        <section aria-labelledby="brain-top" className="rounded-xl border bg-card p-6">
          <h3 id="brain-top" className="font-semibold">
            Top rated tools
          </h3>
          <ol className="mt-3 space-y-2">
            {top.data?.map((t) => (
              <li key={t.id} className="flex items-center gap-3">
                <span aria-hidden className="flex size-8 items-center justify-center rounded-md bg-secondary">
                  <CategoryIcon category={t.category} className="size-4" />
                </span>
                <span className="flex-1 text-sm font-medium">{t.name}</span>
                {t.popular && <Badge variant="secondary">Popular</Badge>}
                <span className="inline-flex items-center gap-1 text-sm tabular-nums">
                  <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-400" /> {t.rating.toFixed(1)}
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}

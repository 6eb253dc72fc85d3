import { CHALLENGES, GOALS } from '@app/shared';
import { Check } from 'lucide-react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { messages } from '@/lib/messages';
import { cn } from '@/lib/utils';
import { Field } from '../components/field';
import { StepHeading } from './step-foundation';
import { toggle, type StepProps } from './step-props';

/** Step 3: Goals & Strategy; Next stays disabled until a goal is chosen. */
export function StepGoals({ data, update }: StepProps) {
  return (
    <div className="space-y-5">
      <StepHeading title="Goals & Strategy" text="What do you want to achieve, and how?" />
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Your goals</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {GOALS.map((g) => {
            const on = data.goals.includes(g.id);
            return (
              <button
                key={g.id}
                type="button"
                aria-pressed={on}
                onClick={() => update('goals', toggle(data.goals, g.id))}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-2 rounded-lg border p-4 text-left text-sm font-medium transition-colors',
                  on ? 'border-violet-500 bg-violet-500/15' : 'bg-secondary/40 hover:border-violet-500/50',
                )}
              >
                {g.label}
                {on && <Check className="size-4 text-violet-300" aria-hidden="true" />}
              </button>
            );
          })}
        </div>
        {data.goals.length === 0 && <p className="text-sm text-amber-300">{messages.onboarding.goalRequired}</p>}
      </fieldset>
      <Field id="ob-targets" label="Targets and timeline">
        <Textarea
          id="ob-targets"
          rows={2}
          value={data.businessTargets}
          onChange={(e) => update('businessTargets', e.target.value)}
          placeholder="e.g. £10k monthly revenue within 6 months"
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="ob-marketing" label="Marketing strategy">
          <Textarea
            id="ob-marketing"
            rows={3}
            value={data.marketingStrategy}
            onChange={(e) => update('marketingStrategy', e.target.value)}
          />
        </Field>
        <Field id="ob-sales" label="Sales strategy">
          <Textarea id="ob-sales" rows={3} value={data.salesStrategy} onChange={(e) => update('salesStrategy', e.target.value)} />
        </Field>
      </div>
      <fieldset>
        <legend className="mb-3 text-sm font-medium">Current challenges</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {CHALLENGES.map((c, i) => (
            <div key={c} className="flex items-center gap-2">
              <Checkbox
                id={`ob-challenge-${i}`}
                checked={data.challenges.includes(c)}
                onCheckedChange={() => update('challenges', toggle(data.challenges, c))}
              />
              <Label htmlFor={`ob-challenge-${i}`} className="font-normal">
                {c}
              </Label>
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

import { ONBOARDING_STEPS } from '@app/shared';
import { Check } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

export const STEP_TITLES = [
  'Welcome',
  'Business Foundation',
  'Goals & Strategy',
  'Business Operations',
  'Preferences',
  'Complete',
] as const;

/** 'Step N of 6', the progress bar and the numbered badges (done, current, upcoming). */
export function StepProgress({ step }: { step: number }) {
  const percent = Math.round(((step + 1) / ONBOARDING_STEPS) * 100);
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium" aria-live="polite">
          Step {step + 1} of {ONBOARDING_STEPS}
        </span>
        <span className="text-muted-foreground">{STEP_TITLES[step]}</span>
      </div>
      <Progress value={percent} aria-label={`Onboarding progress, step ${step + 1} of ${ONBOARDING_STEPS}`} />
      <ol className="flex justify-between" aria-label="Onboarding steps">
        {STEP_TITLES.map((title, i) => {
          const state = i < step ? 'done' : i === step ? 'current' : 'upcoming';
          return (
            <li key={title} className="flex flex-col items-center gap-1" aria-current={state === 'current' ? 'step' : undefined}>
              <span
                className={cn(
                  'flex size-8 items-center justify-center rounded-full border text-sm font-semibold',
                  state === 'done' && 'border-emerald-500 bg-emerald-500 text-white',
                  state === 'current' && 'border-violet-400 bg-violet-600 text-white ring-2 ring-violet-400/40',
                  state === 'upcoming' && 'border-border bg-secondary text-muted-foreground',
                )}
              >
                {state === 'done' ? <Check className="size-4" aria-label={`${title} done`} /> : i + 1}
              </span>
              <span className="hidden text-xs text-muted-foreground md:block">{title}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

import { GOALS, profileCompleteness } from '@app/shared';
import { CheckCircle2 } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { messages } from '@/lib/messages';
import { METRIC_LABELS, THEME_LABELS, VIEW_LABELS } from '../metric-labels';
import type { OnboardingData } from '../types';
import { voiceState } from '../voice-state';

const VOICE_LABELS = { on: 'On', off: 'Off', unavailable: messages.voice.notAvailableShort } as const;

function Summary({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <section className="rounded-lg border bg-secondary/40 p-4">
      <h3 className="mb-2 font-semibold">{title}</h3>
      <dl className="space-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="truncate text-right">{v || '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Step 6: "You're All Set!" with the 8-item completeness and the four summary cards. */
export function StepComplete({ data }: { data: OnboardingData }) {
  const completeness = profileCompleteness(data);
  const goalLabels = data.goals.map((id) => GOALS.find((g) => g.id === id)?.label ?? id);
  return (
    <div className="space-y-6">
      <div className="space-y-2 text-center">
        <CheckCircle2 className="mx-auto size-12 text-emerald-400" aria-hidden="true" />
        <h2 className="text-2xl font-bold sm:text-3xl">You're All Set!</h2>
        <p className="text-muted-foreground">Here is the business profile your dashboard will use.</p>
      </div>
      <div className="space-y-2">
        <div className="flex justify-between text-sm font-medium">
          <span id="ob-completeness-label">Profile completeness</span>
          <span>{completeness}%</span>
        </div>
        <Progress value={completeness} aria-labelledby="ob-completeness-label" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Summary
          title="Business Foundation"
          rows={[
            ['Business', data.businessName],
            ['Industry', data.industry],
          ]}
        />
        <Summary
          title="Goals & Strategy"
          rows={[
            ['Goals', String(data.goals.length)],
            ['Challenges', String(data.challenges.length)],
          ]}
        />
        <Summary
          title="Operations"
          rows={[
            ['Funding', data.fundingSource],
            ['Team size', data.teamSize],
            ['Key metrics', data.keyMetrics.map((m) => METRIC_LABELS[m]).join(', ')],
          ]}
        />
        <Summary
          title="Preferences"
          rows={[
            ['Voice assistant', VOICE_LABELS[voiceState(data)]],
            ['Theme', THEME_LABELS[data.preferences.theme]],
            ['Starting view', VIEW_LABELS[data.preferences.defaultView]],
          ]}
        />
      </div>
      {goalLabels.length > 0 && (
        <ul className="flex flex-wrap justify-center gap-2" aria-label="Your goals">
          {goalLabels.map((g) => (
            <li key={g} className="rounded-full border border-violet-500/40 bg-violet-500/15 px-3 py-1 text-sm">
              {g}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

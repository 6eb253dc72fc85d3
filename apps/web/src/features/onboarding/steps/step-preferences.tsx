import { STARTING_VIEWS, THEMES } from '@app/shared';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { messages } from '@/lib/messages';
import { cn } from '@/lib/utils';
import { voiceState } from '../voice-state';
import { THEME_LABELS, VIEW_LABELS } from '../metric-labels';
import { StepHeading } from './step-foundation';
import type { StepProps } from './step-props';

function Choice<T extends string>({
  name,
  legend,
  options,
  labels,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {options.map((o) => (
          <label
            key={o}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              value === o ? 'border-violet-500 bg-violet-500/15' : 'bg-secondary/40 hover:border-violet-500/50',
            )}
          >
            <input type="radio" name={name} value={o} checked={value === o} onChange={() => onChange(o)} className="accent-violet-500" />
            {labels[o]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Step 5: Customize Your Experience (voice, theme, starting view). */
export function StepPreferences({ data, update }: StepProps) {
  const p = data.preferences;
  const voice = voiceState(data);
  return (
    <div className="space-y-6">
      <StepHeading title="Customize Your Experience" text="Choose how your dashboard looks and behaves." />
      <div className="flex items-center justify-between gap-4 rounded-lg border bg-secondary/40 p-4">
        <div>
          <Label htmlFor="ob-voice-pref">Voice assistant</Label>
          <p id="ob-voice-pref-note" className="text-sm text-muted-foreground">
            {voice === 'unavailable' ? messages.voice.notConfigured : 'Let the AI assistant guide you by voice.'}
          </p>
        </div>
        <Switch
          id="ob-voice-pref"
          aria-describedby="ob-voice-pref-note"
          checked={voice === 'on'}
          disabled={voice === 'unavailable'}
          onCheckedChange={(v) => update('preferences', { ...p, voiceEnabled: v })}
        />
      </div>
      <Choice
        name="theme"
        legend="Theme"
        options={THEMES}
        labels={THEME_LABELS}
        value={p.theme}
        onChange={(theme) => update('preferences', { ...p, theme })}
      />
      <Choice
        name="view"
        legend="Starting view"
        options={STARTING_VIEWS}
        labels={VIEW_LABELS}
        value={p.defaultView}
        onChange={(defaultView) => update('preferences', { ...p, defaultView })}
      />
    </div>
  );
}

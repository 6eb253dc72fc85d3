import { FUNDING_SOURCES, KEY_METRIC_IDS, TEAM_SIZES } from '@app/shared';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Field, NativeSelect } from '../components/field';
import { METRIC_LABELS } from '../metric-labels';
import { StepHeading } from './step-foundation';
import { toggle, type StepProps } from './step-props';

/** Step 4: Business Operations. */
export function StepOperations({ data, update }: StepProps) {
  return (
    <div className="space-y-5">
      <StepHeading title="Business Operations" text="How your business runs today." />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="ob-funding" label="Funding source">
          <NativeSelect id="ob-funding" value={data.fundingSource} onChange={(e) => update('fundingSource', e.target.value)}>
            <option value="">Select a funding source</option>
            {FUNDING_SOURCES.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="ob-team" label="Team size">
          <NativeSelect id="ob-team" value={data.teamSize} onChange={(e) => update('teamSize', e.target.value)}>
            <option value="">Select your team size</option>
            {TEAM_SIZES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field id="ob-finances" label="How do you manage your finances?">
        <Textarea
          id="ob-finances"
          rows={3}
          value={data.financialManagement}
          onChange={(e) => update('financialManagement', e.target.value)}
        />
      </Field>
      <fieldset>
        <legend className="mb-3 text-sm font-medium">Key metrics you track</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {KEY_METRIC_IDS.map((m) => (
            <div key={m} className="flex items-center gap-2">
              <Checkbox
                id={`ob-metric-${m}`}
                checked={data.keyMetrics.includes(m)}
                onCheckedChange={() => update('keyMetrics', toggle(data.keyMetrics, m))}
              />
              <Label htmlFor={`ob-metric-${m}`} className="font-normal">
                {METRIC_LABELS[m]}
              </Label>
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { KEY_METRIC_IDS, type KeyMetricId } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { connectionsMessages } from '@/lib/messages/connections';
import { messages } from '@/lib/messages';
import { STEP_TYPES, type StepDraft, type StepType } from '../lib/draft';
import { FieldMapping } from './field-mapping';
import { Field, selectClass } from './form-field';

const f = connectionsMessages.form;

interface Props {
  index: number;
  count: number;
  step: StepDraft;
  onChange(patch: Partial<StepDraft>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

/** A text input or textarea bound to one of the step's template fields. */
function TemplateInput({
  index,
  name,
  label,
  hint,
  value,
  multiline,
  onChange,
}: {
  index: number;
  name: keyof StepDraft;
  label: string;
  hint?: string;
  value: string;
  multiline?: boolean;
  onChange(v: string): void;
}) {
  return (
    <Field field={`steps.${index}.${name}`} label={label} hint={hint}>
      {(p) =>
        multiline ? (
          <Textarea {...p} rows={3} spellCheck={false} value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <Input {...p} spellCheck={false} value={value} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  );
}

/** One step of the connection: its action and that action's fields. */
export function StepCard({ index, count, step, onChange, onMove, onRemove }: Props) {
  const text = (name: keyof StepDraft, label: string, extra: { hint?: string; multiline?: boolean } = {}) => (
    <TemplateInput
      index={index}
      name={name}
      label={label}
      value={step[name] as string}
      onChange={(v) => onChange({ [name]: v })}
      {...extra}
    />
  );

  return (
    <li className="space-y-4 rounded-lg border bg-background/40 p-4" aria-label={f.stepTitle(index + 1)}>
      <div className="flex flex-wrap items-end gap-3">
        <h3 className="mr-auto self-center font-semibold">{f.stepTitle(index + 1)}</h3>
        <Field field={`steps.${index}.type`} label={f.stepType} className="w-64">
          {(p) => (
            <select {...p} className={selectClass} value={step.type} onChange={(e) => onChange({ type: e.target.value as StepType })}>
              {STEP_TYPES.map((type) => (
                <option key={type} value={type}>
                  {connectionsMessages.steps[type]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex gap-1">
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={f.moveUp(index + 1)}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={f.moveDown(index + 1)}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden />
          </Button>
          <Button type="button" size="icon" variant="ghost" aria-label={f.removeStep(index + 1)} disabled={count === 1} onClick={onRemove}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>

      {step.type === 'webhook' && (
        <>
          {text('url', f.url)}
          <FieldMapping step={index} rows={step.mapping} onChange={(mapping) => onChange({ mapping })} />
        </>
      )}
      {step.type === 'email' && (
        <>
          {text('subject', f.subject, { hint: f.emailHint })}
          {text('body', f.body, { multiline: true, hint: f.templateHint })}
        </>
      )}
      {step.type === 'plan_task' && (
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          {text('title', f.title, { hint: f.templateHint })}
          <Field field={`steps.${index}.phase`} label={f.phase}>
            {(p) => (
              <select {...p} className={selectClass} value={step.phase} onChange={(e) => onChange({ phase: e.target.value })}>
                {[1, 2, 3, 4, 5, 6].map((n) => (
                  <option key={n} value={String(n)}>
                    {f.phaseOption(n)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="sm:col-span-2">{text('notes', f.notes, { multiline: true })}</div>
        </div>
      )}
      {step.type === 'record_metric' && (
        <div className="grid gap-4 sm:grid-cols-3">
          <Field field={`steps.${index}.metric`} label={f.metric}>
            {(p) => (
              <select
                {...p}
                className={selectClass}
                value={step.metric}
                onChange={(e) => onChange({ metric: e.target.value as KeyMetricId })}
              >
                {KEY_METRIC_IDS.map((id) => (
                  <option key={id} value={id}>
                    {messages.metrics.labels[id]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {text('value', f.value, { hint: f.valueHint })}
          <Field field={`steps.${index}.period`} label={f.period}>
            {(p) => (
              <select
                {...p}
                className={selectClass}
                value={step.period}
                onChange={(e) => onChange({ period: e.target.value as StepDraft['period'] })}
              >
                <option value="week">{f.periods.week}</option>
                <option value="month">{f.periods.month}</option>
              </select>
            )}
          </Field>
        </div>
      )}
      {step.type === 'coach' && (
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <Field field={`steps.${index}.task`} label={f.task}>
            {(p) => (
              <select
                {...p}
                className={selectClass}
                value={step.task}
                onChange={(e) => onChange({ task: e.target.value as StepDraft['task'] })}
              >
                <option value="summarise">{f.tasks.summarise}</option>
                <option value="draft">{f.tasks.draft}</option>
              </select>
            )}
          </Field>
          {text('instruction', f.instruction, { multiline: true, hint: f.instructionHint })}
        </div>
      )}
      {step.type === 'crm_contact' && (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('email', f.contactEmail, { hint: f.contactEmailHint })}
          {text('name', f.contactName)}
          {text('phone', f.phone)}
          {text('company', f.company)}
          {text('source', f.source)}
          {text('tags', f.tags, { hint: f.tagsHint })}
        </div>
      )}
      {step.type === 'crm_activity' && (
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          {text('email', f.contactEmail)}
          <Field field={`steps.${index}.kind`} label={f.activityKind}>
            {(p) => (
              <select
                {...p}
                className={selectClass}
                value={step.kind}
                onChange={(e) => onChange({ kind: e.target.value as StepDraft['kind'] })}
              >
                {(['note', 'call', 'email'] as const).map((k) => (
                  <option key={k} value={k}>
                    {f.activityKinds[k]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="sm:col-span-2">{text('body', f.activityBody, { multiline: true })}</div>
        </div>
      )}
    </li>
  );
}

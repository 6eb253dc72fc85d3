import { Plus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { MAX_CONNECTION_STEPS } from '@app/shared/connections';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { ConnectionSeed } from '@/lib/connection-links';
import { connectionsMessages } from '@/lib/messages/connections';
import { toast } from '@/lib/toast';
import { NotAllowedError, type Revealed } from '../api/connections';
import { useCreateConnection, useUpdateConnection } from '../api/queries';
import { emptyStep, type ConnectionDraft, type StepDraft, type TriggerDraft } from '../lib/draft';
import { pretty, samplePayload } from '../lib/samples';
import { validateDraft, type FieldErrors } from '../lib/validate';
import { Field, FormErrors } from './form-field';
import { StepCard } from './step-card';
import { TemplatePreview } from './template-preview';
import { TriggerFields } from './trigger-fields';

const f = connectionsMessages.form;

interface Props {
  initial: ConnectionDraft;
  /** Editing this connection; absent: a new one. */
  editing?: { id: string; name: string };
  seed?: ConnectionSeed | null;
  /** The connection's last real payload, for the preview (a new one has none). */
  last?: { payload: unknown; at: string } | null;
  onCreated?(revealed: Revealed, sample: string): void;
  onSaved?(): void;
  onCancel(): void;
}

/** The connection's name (inside the form's error context, as every field is). */
function NameField({ value, onChange }: { value: string; onChange(v: string): void }) {
  return (
    <Field field="name" label={f.name} className="max-w-xl">
      {(p) => <Input {...p} placeholder={f.namePlaceholder} value={value} maxLength={200} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/** The new-connection (and edit) form: name, trigger, steps, checked with the shared schemas; the preview beside it. */
export function ConnectionForm({ initial, editing, seed, last = null, onCreated, onSaved, onCancel }: Props) {
  const prefix = `c${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(initial);
  // checked on the first submit, then as the customer types, so a fixed field's error goes at once
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // the trigger's own sample until the customer writes one
  const [typedSample, setTypedSample] = useState<string | null>(null);
  const sample = typedSample ?? pretty(samplePayload(draft.trigger));
  const create = useCreateConnection();
  const update = useUpdateConnection();
  const busy = create.isPending || update.isPending;
  const checked = submitted ? validateDraft(draft) : null;
  const errors: FieldErrors = checked && !checked.ok ? checked.errors : {};

  const setTrigger = (patch: Partial<TriggerDraft>) => setDraft((d) => ({ ...d, trigger: { ...d.trigger, ...patch } }));
  const setStep = (i: number, patch: Partial<StepDraft>) =>
    setDraft((d) => ({ ...d, steps: d.steps.map((s, j) => (j === i ? { ...s, ...patch } : s)) }));
  const moveStep = (i: number, by: -1 | 1) =>
    setDraft((d) => {
      const steps = [...d.steps];
      [steps[i], steps[i + by]] = [steps[i + by]!, steps[i]!];
      return { ...d, steps };
    });

  const failed = (err: Error) => setFailure(err instanceof NotAllowedError ? f.notAllowed : f.failed);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setSubmitted(true);
    const result = validateDraft(draft);
    if (!result.ok) {
      // after the errors render: the first marked field gets focus
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    if (editing) {
      update.mutate({ id: editing.id, patch: result.value }, { onSuccess: () => (toast.success(f.saved), onSaved?.()), onError: failed });
    } else {
      create.mutate(
        { ...result.value, origin: seed ?? null },
        { onSuccess: (revealed) => (toast.success(f.created), onCreated?.(revealed, sample)), onError: failed },
      );
    }
  };

  return (
    <FormErrors.Provider value={{ prefix, errors }}>
      <form ref={form} noValidate onSubmit={submit} aria-labelledby={`${prefix}-title`} className="grid gap-4 xl:grid-cols-[1fr_24rem]">
        <div className="space-y-4 rounded-xl border bg-card p-5">
          <div>
            <h2 id={`${prefix}-title`} className="text-xl font-semibold">
              {editing ? f.editTitle(editing.name) : f.newTitle}
            </h2>
            {seed && <p className="text-sm text-muted-foreground">{f.fromSeed[seed.kind]}</p>}
          </div>
          {Object.keys(errors).length > 0 && (
            <Alert variant="destructive" className="text-red-300">
              {f.invalid}
            </Alert>
          )}
          {failure && (
            <Alert variant="destructive" className="text-red-300">
              {failure}
            </Alert>
          )}
          <NameField value={draft.name} onChange={(name) => setDraft((d) => ({ ...d, name }))} />
          <TriggerFields value={draft.trigger} onChange={setTrigger} />
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold">{f.stepsLegend}</legend>
            {errors.steps && <p className="text-sm text-destructive">{errors.steps}</p>}
            <ol className="space-y-3">
              {draft.steps.map((step, i) => (
                <StepCard
                  key={step.key}
                  index={i}
                  count={draft.steps.length}
                  step={step}
                  onChange={(patch) => setStep(i, patch)}
                  onMove={(by) => moveStep(i, by)}
                  onRemove={() => setDraft((d) => ({ ...d, steps: d.steps.filter((_, j) => j !== i) }))}
                />
              ))}
            </ol>
            <Button
              type="button"
              variant="outline"
              disabled={draft.steps.length >= MAX_CONNECTION_STEPS}
              onClick={() => setDraft((d) => ({ ...d, steps: [...d.steps, emptyStep('email')] }))}
            >
              <Plus aria-hidden /> {f.addStep}
            </Button>
          </fieldset>
          <div className="flex flex-wrap gap-3 border-t pt-4">
            <Button type="submit" variant="gradient" disabled={busy}>
              {editing ? (busy ? f.saving : f.save) : busy ? f.creating : f.create}
            </Button>
            <Button type="button" variant="ghost" onClick={onCancel}>
              {f.cancel}
            </Button>
          </div>
        </div>
        <div className="xl:sticky xl:top-4 xl:self-start">
          <TemplatePreview steps={draft.steps} last={last} sample={sample} onSample={setTypedSample} />
        </div>
      </form>
    </FormErrors.Provider>
  );
}

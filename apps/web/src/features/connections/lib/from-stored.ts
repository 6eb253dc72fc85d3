import { connectionStepSchema, connectionTriggerSchema } from '@app/shared/connections';
import { emptyMapping, emptyStep, emptyTrigger, type ConnectionDraft, type StepDraft, type TriggerDraft } from './draft';

/** A stored trigger (jsonb: checked here, where it enters the form) as the form's fields; unknown shapes start blank. */
export function triggerDraftOf(stored: unknown): TriggerDraft {
  const draft = emptyTrigger();
  const parsed = connectionTriggerSchema.safeParse(stored);
  if (!parsed.success) return draft;
  const t = parsed.data;
  if (t.type === 'webhook') {
    if (t.verify?.kind === 'standard') return { ...draft, verify: 'standard', verifySecret: t.verify.secret };
    if (t.verify?.kind === 'header') return { ...draft, verify: 'header', verifyHeader: t.verify.header, verifyValue: t.verify.value };
    return draft;
  }
  if (t.type === 'schedule')
    return { ...draft, type: 'schedule', every: t.every, at: t.at, weekday: String(t.weekday ?? 1), timezone: t.timezone };
  return { ...draft, type: 'event', event: t.event };
}

/** A stored step as the form's fields; a step this build does not know is left out rather than guessed at. */
export function stepDraftOf(stored: unknown): StepDraft | null {
  const parsed = connectionStepSchema.safeParse(stored);
  if (!parsed.success) return null;
  const s = parsed.data;
  const draft = emptyStep(s.type);
  switch (s.type) {
    case 'webhook':
      return {
        ...draft,
        url: s.url,
        mapping: Object.entries(s.fields ?? {}).map(([field, template]) => ({ ...emptyMapping(), field, template })),
      };
    case 'email':
      return { ...draft, subject: s.subject, body: s.body };
    case 'plan_task':
      return { ...draft, title: s.title, notes: s.notes ?? '', phase: String(s.phase) };
    case 'record_metric':
      return { ...draft, metric: s.metric, value: String(s.value), period: s.period };
    case 'coach':
      return { ...draft, task: s.task, instruction: s.instruction };
  }
}

export function draftOf(row: { name: string; trigger: unknown; steps: unknown }): ConnectionDraft {
  const steps = (Array.isArray(row.steps) ? row.steps : []).map(stepDraftOf).filter((s): s is StepDraft => s !== null);
  return { name: row.name, trigger: triggerDraftOf(row.trigger), steps: steps.length ? steps : [emptyStep()] };
}

import type { z } from 'zod';
import { connectionStepsSchema, connectionTriggerSchema, type ConnectionStep, type ConnectionTrigger } from '@app/shared/connections';
import { connectionsMessages } from '@/lib/messages/connections';
import type { ConnectionDraft, StepDraft, TriggerDraft } from './draft';

const f = connectionsMessages.form;
export const NAME_MAX = 120;

export interface ConnectionInput {
  name: string;
  trigger: ConnectionTrigger;
  steps: ConnectionStep[];
}

/** Field errors by the draft's field ids: 'name', 'trigger.at', 'steps.0.url', 'steps.0.mapping.1.field'… */
export type FieldErrors = Record<string, string>;
export type Validated = { ok: true; value: ConnectionInput } | { ok: false; errors: FieldErrors };

/** The schema's messages read after the field's label ("must be a time such as 09:00"); zod's own stand alone. */
const worded = (label: string, message: string) => (/^(must|is) /.test(message) ? `${label} ${message}` : message);

export function triggerOf(t: TriggerDraft): unknown {
  switch (t.type) {
    case 'webhook':
      if (t.verify === 'standard') return { type: 'webhook', verify: { kind: 'standard', secret: t.verifySecret.trim() } };
      if (t.verify === 'header')
        return { type: 'webhook', verify: { kind: 'header', header: t.verifyHeader.trim(), value: t.verifyValue } };
      return { type: 'webhook' };
    case 'schedule':
      return {
        type: 'schedule',
        every: t.every,
        at: t.at,
        ...(t.every === 'week' ? { weekday: Number(t.weekday) } : {}),
        timezone: t.timezone.trim(),
      };
    case 'event':
      return { type: 'event', event: t.event, ...(t.event === 'crm_deal_moved' && t.stage.trim() ? { stage: t.stage.trim() } : {}) };
  }
}

/** A value that reads as a plain number is stored as one; anything else is a template ("{{order.total}}"). */
const metricValue = (v: string): number | string => (/^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);

export function stepOf(s: StepDraft): unknown {
  switch (s.type) {
    case 'webhook':
      return {
        type: 'webhook',
        url: s.url.trim(),
        ...(s.mapping.length ? { fields: Object.fromEntries(s.mapping.map((m) => [m.field.trim(), m.template])) } : {}),
      };
    case 'email':
      return { type: 'email', subject: s.subject, body: s.body };
    case 'plan_task':
      return { type: 'plan_task', title: s.title, ...(s.notes.trim() ? { notes: s.notes } : {}), phase: Number(s.phase) };
    case 'record_metric':
      return { type: 'record_metric', metric: s.metric, value: metricValue(s.value), period: s.period };
    case 'coach':
      return { type: 'coach', task: s.task, instruction: s.instruction };
    case 'crm_contact': {
      const optional = (['name', 'phone', 'company', 'source', 'tags'] as const).filter((k) => s[k].trim());
      return { type: 'crm_contact', email: s.email, ...Object.fromEntries(optional.map((k) => [k, s[k]])) };
    }
    case 'crm_activity':
      return { type: 'crm_activity', email: s.email, kind: s.kind, body: s.body };
  }
}

const TRIGGER_FIELDS: Record<string, [id: string, label: string]> = {
  secret: ['trigger.verifySecret', f.verifySecret],
  header: ['trigger.verifyHeader', f.verifyHeader],
  value: ['trigger.verifyValue', f.verifyValue],
  at: ['trigger.at', f.at],
  weekday: ['trigger.weekday', f.weekday],
  timezone: ['trigger.timezone', f.timezone],
  event: ['trigger.event', f.event],
  stage: ['trigger.stage', f.stage],
};
const STEP_LABELS: Record<string, string> = {
  url: f.url,
  subject: f.subject,
  body: f.body,
  title: f.title,
  notes: f.notes,
  phase: f.phase,
  metric: f.metric,
  value: f.value,
  period: f.period,
  task: f.task,
  instruction: f.instruction,
  email: f.contactEmail,
  name: f.contactName,
  phone: f.phone,
  company: f.company,
  source: f.source,
  tags: f.tags,
  kind: f.activityKind,
};

/** Where a schema issue belongs in the form. */
function placeTrigger(issue: z.core.$ZodIssue, errors: FieldErrors) {
  const key = String(issue.path[issue.path.length - 1] ?? '');
  const [id, label] = TRIGGER_FIELDS[key] ?? ['trigger', f.triggerLegend];
  errors[id] ??= worded(label, issue.message);
}

function placeStep(issue: z.core.$ZodIssue, draft: ConnectionDraft, errors: FieldErrors) {
  const [index, key, field] = issue.path;
  if (typeof index !== 'number') return void (errors.steps ??= issue.message);
  if (key === 'fields') {
    const row = draft.steps[index]?.mapping.findIndex((m) => m.field.trim() === field);
    const id = row !== undefined && row >= 0 ? `steps.${index}.mapping.${row}.template` : `steps.${index}.mapping`;
    return void (errors[id] ??= worded(f.mappingTemplate, issue.message));
  }
  if (key === undefined) return void (errors[`steps.${index}`] ??= issue.message);
  errors[`steps.${index}.${String(key)}`] ??= worded(STEP_LABELS[String(key)] ?? '', issue.message);
}

/** What the form checks beyond the shared schemas: a name, and each mapped field named once. */
function formChecks(draft: ConnectionDraft, errors: FieldErrors) {
  const name = draft.name.trim();
  if (!name) errors.name = worded(f.name, f.required);
  else if (name.length > NAME_MAX) errors.name = worded(f.name, `must be at most ${NAME_MAX} characters`);
  draft.steps.forEach((s, i) => {
    if (s.type === 'record_metric' && !s.value.trim()) errors[`steps.${i}.value`] = worded(f.value, f.required);
    if (s.type !== 'webhook') return;
    const seen = new Set<string>();
    s.mapping.forEach((m, j) => {
      const field = m.field.trim();
      if (!field) errors[`steps.${i}.mapping.${j}.field`] = worded(f.mappingField, f.required);
      else if (seen.has(field)) errors[`steps.${i}.mapping.${j}.field`] = worded(f.mappingField, f.fieldNameTaken);
      seen.add(field);
    });
  });
}

/** The draft as a connection the shared schemas accept, or every field error at once. */
export function validateDraft(draft: ConnectionDraft): Validated {
  const errors: FieldErrors = {};
  formChecks(draft, errors);
  const trigger = connectionTriggerSchema.safeParse(triggerOf(draft.trigger));
  if (!trigger.success) for (const issue of trigger.error.issues) placeTrigger(issue, errors);
  const steps = connectionStepsSchema.safeParse(draft.steps.map(stepOf));
  if (!steps.success) for (const issue of steps.error.issues) placeStep(issue, draft, errors);
  if (Object.keys(errors).length || !trigger.success || !steps.success) return { ok: false, errors };
  return { ok: true, value: { name: draft.name.trim(), trigger: trigger.data, steps: steps.data } };
}

import { lookupPath, renderTemplate, templateFields, withCoachText } from '@app/shared/connections';
import type { StepDraft } from './draft';

/** One template of a step, as the payload renders it, with the fields it uses that the payload does not have. */
export interface TemplatePreview {
  /** The step's field id, as the form's errors name it ('steps.0.subject', 'steps.1.mapping.0.template'). */
  id: string;
  label: string;
  text: string;
  missing: string[];
}

/** The templates a step holds, with their labels (a webhook's mapped fields are labelled by their field names). */
function templatesOf(step: StepDraft, index: number, labels: Record<string, string>): { id: string; label: string; template: string }[] {
  const at = (key: string, template: string) => ({ id: `steps.${index}.${key}`, label: labels[key] ?? key, template });
  switch (step.type) {
    case 'webhook':
      return step.mapping.map((m, j) => ({ id: `steps.${index}.mapping.${j}.template`, label: m.field || '?', template: m.template }));
    case 'email':
      return [at('subject', step.subject), at('body', step.body)];
    case 'plan_task':
      return [at('title', step.title), at('notes', step.notes)];
    case 'record_metric':
      return [at('value', step.value)];
    case 'coach':
      return [at('instruction', step.instruction)];
  }
}

/** The data a step's templates see: the payload, and after a coach step its answer (a stand-in: the preview cannot know it). */
export function dataForStep(payload: unknown, steps: readonly StepDraft[], index: number, coachText: string): unknown {
  return steps.slice(0, index).some((s) => s.type === 'coach') ? withCoachText(payload, coachText) : payload;
}

/** Every template of every step, rendered against the payload (only those that use a field or have text). */
export function previewSteps(
  steps: readonly StepDraft[],
  payload: unknown,
  labels: Record<string, string>,
  coachText: string,
): { step: number; items: TemplatePreview[] }[] {
  return steps
    .map((step, i) => {
      const data = dataForStep(payload, steps, i, coachText);
      const items = templatesOf(step, i, labels)
        .filter((t) => templateFields(t.template).length > 0)
        .map((t) => ({
          id: t.id,
          label: t.label,
          text: renderTemplate(t.template, data),
          missing: templateFields(t.template).filter((path) => lookupPath(data, path) === undefined),
        }));
      return { step: i + 1, items };
    })
    .filter((s) => s.items.length > 0);
}

/** Every field the templates use that the payload lacks, once each. */
export const missingFields = (previews: { items: TemplatePreview[] }[]) => [
  ...new Set(previews.flatMap((p) => p.items.flatMap((i) => i.missing))),
];

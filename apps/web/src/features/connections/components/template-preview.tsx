import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { connectionsMessages } from '@/lib/messages/connections';
import type { StepDraft } from '../lib/draft';
import { missingFields, previewSteps } from '../lib/preview';
import { parseJson, pretty } from '../lib/samples';
import { ScrollBox } from './scroll-box';

const p = connectionsMessages.preview;
const f = connectionsMessages.form;
const LABELS: Record<string, string> = {
  subject: f.subject,
  body: f.body,
  title: f.title,
  notes: f.notes,
  value: f.value,
  instruction: f.instruction,
};

/**
 * The steps' templates rendered against the connection's last real payload (its latest run's) or, without one, the
 * sample payload typed here, with the fields the payload lacks.
 */
export function TemplatePreview({
  steps,
  last,
  sample,
  onSample,
}: {
  steps: StepDraft[];
  last: { payload: unknown; at: string } | null;
  sample: string;
  onSample(text: string): void;
}) {
  const id = useId();
  const parsed = last ? null : parseJson(sample);
  const payload = last ? last.payload : parsed?.ok ? parsed.value : {};
  const previews = previewSteps(steps, payload, LABELS, p.coachText);
  const missing = missingFields(previews);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-lg border bg-card p-4" data-testid="template-preview">
      <div>
        <h3 id={`${id}-title`} className="font-semibold">
          {p.title}
        </h3>
        <p className="text-xs text-muted-foreground">{last ? p.against.last(last.at) : p.against.sample}</p>
      </div>
      {previews.length === 0 ? (
        <p className="text-sm text-muted-foreground">{p.none}</p>
      ) : (
        <ol className="space-y-3">
          {previews.map((s) => (
            <li key={s.step}>
              <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{f.stepTitle(s.step)}</p>
              <dl className="mt-1 space-y-1.5">
                {s.items.map((item) => (
                  <div key={item.id} className="rounded-md bg-background/60 px-2.5 py-1.5">
                    <dt className="text-xs text-muted-foreground">{item.label}</dt>
                    <dd className="whitespace-pre-wrap break-words font-mono text-xs">{item.text || p.empty}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      )}
      {previews.length > 0 &&
        (missing.length ? (
          <p className="flex items-start gap-2 text-sm text-amber-300" data-testid="preview-missing">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" /> {p.missing(missing)}
          </p>
        ) : (
          <p className="flex items-center gap-2 text-sm text-emerald-300">
            <CheckCircle2 aria-hidden className="size-4" /> {p.allFound}
          </p>
        ))}
      {last ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">{connectionsMessages.history.payload}</summary>
          <ScrollBox label={connectionsMessages.history.payload} text={pretty(last.payload)} className="mt-2 max-h-64" />
        </details>
      ) : (
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-sample`}>{p.sample}</Label>
          <Textarea
            id={`${id}-sample`}
            rows={10}
            spellCheck={false}
            className="font-mono text-xs"
            value={sample}
            aria-invalid={parsed?.ok === false || undefined}
            aria-describedby={parsed?.ok === false ? `${id}-sample-error` : undefined}
            onChange={(e) => onSample(e.target.value)}
          />
          {parsed?.ok === false && (
            <p id={`${id}-sample-error`} className="text-sm text-destructive">
              {p.invalidJson}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

import { KEY_METRIC_IDS, type KeyMetricId } from '@app/shared';
import { messages } from '@/lib/messages';

const m = messages.metrics;
/** How many problems a list shows; the count says how many there are in all. */
export const LISTED = 50;

/** The figures the server refused, each with its metric, period and reason. */
export function FigureProblems({
  problems,
  title,
}: {
  problems: { metric_id: string; period_start: string | null; reason: string }[];
  title: string;
}) {
  const reasons: Record<string, string> = m.csv.figureReasons;
  const label = (id: string) => ((KEY_METRIC_IDS as readonly string[]).includes(id) ? m.labels[id as KeyMetricId] : id);
  return (
    <div role="alert" className="rounded-md border border-destructive/50 p-3 text-sm" data-testid="csv-figure-problems">
      <p className="font-medium text-destructive">{title}</p>
      <ul className="mt-2 space-y-1">
        {problems.slice(0, LISTED).map((p, i) => (
          <li key={i}>
            {label(p.metric_id)}
            {p.period_start ? `, ${p.period_start}` : ''}: {reasons[p.reason] ?? p.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

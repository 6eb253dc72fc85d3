import type { PlanProgress } from '@app/shared';
import type { ReactNode } from 'react';
import { actionPlanMessages as m } from '@/lib/messages/action-plan';
import { shortDate } from '../lib';

/** What is due this week and what is late, at the top of the plan; `beside` adds a third column (the CRM's). */
export function DueSummary({ progress, beside }: { progress: PlanProgress; beside?: ReactNode }) {
  return (
    <div className={beside ? 'mt-5 grid gap-3 sm:grid-cols-2 xl:grid-cols-3' : 'mt-5 grid gap-3 sm:grid-cols-2'}>
      <section aria-label={m.dueThisWeek} className="rounded-lg border bg-background/40 p-3">
        <h3 className="text-sm font-semibold">{m.dueThisWeek}</h3>
        {progress.dueThisWeek.length ? (
          <ul className="mt-1.5 space-y-1 text-sm">
            {progress.dueThisWeek.map((t) => (
              <li key={t.id}>
                {t.title} <span className="text-xs text-muted-foreground">· {shortDate(t.due)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1.5 text-sm text-muted-foreground">{m.nothingDue}</p>
        )}
      </section>
      <section aria-label={m.late} className="rounded-lg border bg-background/40 p-3">
        <h3 className="text-sm font-semibold">{m.late}</h3>
        {progress.late.length ? (
          <ul className="mt-1.5 space-y-1 text-sm">
            {progress.late.map((t) => (
              <li key={t.id} className="text-destructive">
                {t.title} <span className="text-xs">· {shortDate(t.due)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1.5 text-sm text-muted-foreground">{m.nothingLate}</p>
        )}
      </section>
      {beside && <div className="sm:col-span-2 xl:col-span-1">{beside}</div>}
    </div>
  );
}

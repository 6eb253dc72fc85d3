import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, Lightbulb, TrendingUp } from 'lucide-react';
import { WEEKLY_REVIEW_SKIP_TEXT, weeklyMetricLine, type WeeklyReviewTask } from '@app/shared';
import { Spinner } from '@/components/ui/spinner';
import { messages } from '@/lib/messages';
import { useAuth } from '@/lib/session/auth-context';
import { latestWeeklyReviewQuery } from './api';

const m = messages.weeklyReview;
const day = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

function Column({ icon: Icon, title, children }: { icon: typeof TrendingUp; title: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Icon aria-hidden className="size-4 text-primary" /> {title}
      </h3>
      <div className="mt-2 space-y-3 text-sm">{children}</div>
    </div>
  );
}

function Tasks({ title, tasks, empty }: { title: string; tasks: WeeklyReviewTask[]; empty: string }) {
  return (
    <div>
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{title}</p>
      {tasks.length ? (
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {tasks.map((t) => (
            <li key={`${t.title}-${t.due}`}>
              {t.title} <span className="text-muted-foreground">({m.dueOn(day(t.due))})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-muted-foreground">{empty}</p>
      )}
    </div>
  );
}

/** The Dashboard view's "Weekly review" card (issue 42): the latest review the customer was sent. */
export function WeeklyReviewCard() {
  const userId = useAuth().user?.id;
  const review = useQuery(latestWeeklyReviewQuery(userId));
  const r = review.data;
  return (
    <section aria-labelledby="weekly-review-title" className="rounded-xl border bg-card p-6" data-testid="weekly-review">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="weekly-review-title" className="font-semibold">
          {m.title}
        </h2>
        {r && <p className="text-sm text-muted-foreground">{m.weekOf(day(r.weekStart))}</p>}
      </div>
      {review.isPending ? (
        <Spinner className="mt-4 size-5 text-primary" label={m.loading} />
      ) : review.isError ? (
        <p className="mt-3 text-sm text-destructive">{m.loadFailed}</p>
      ) : !r ? (
        <p className="mt-3 text-sm text-muted-foreground">{m.none}</p>
      ) : (
        <div className="mt-4 grid gap-6 lg:grid-cols-3">
          <Column icon={TrendingUp} title={m.moved}>
            {r.metrics.length ? (
              <ul className="list-disc space-y-1 pl-5">
                {r.metrics.map((x) => (
                  <li key={x.metric}>{weeklyMetricLine(x, r.currency)}</li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">{m.noFigures}</p>
            )}
          </Column>
          <Column icon={CalendarCheck} title={r.plan ? r.plan.title : m.planTitle}>
            {r.plan ? (
              <>
                <Tasks title={m.due} tasks={r.plan.dueThisWeek} empty={m.nothingDue} />
                <Tasks title={m.late} tasks={r.plan.late} empty={m.nothingLate} />
              </>
            ) : (
              <p className="text-muted-foreground">{m.noPlan}</p>
            )}
          </Column>
          <Column icon={Lightbulb} title={m.suggestions}>
            {r.suggestions.length > 0 && (
              <ol className="list-decimal space-y-1 pl-5">
                {r.suggestions.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ol>
            )}
            {r.skipped && <p className="text-muted-foreground">{WEEKLY_REVIEW_SKIP_TEXT[r.skipped]}</p>}
          </Column>
        </div>
      )}
    </section>
  );
}

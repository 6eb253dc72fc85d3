import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { KEY_METRIC_IDS } from '@app/shared';
import { Spinner } from '@/components/ui/spinner';
import { messages } from '@/lib/messages';
import { useAuth } from '@/lib/session/auth-context';
import { trackedMetricsQuery } from './api';
import { MetricEntryForm } from './metric-entry-form';
import { StripeSourceForm } from './stripe-source-form';

// recharts only when the Dashboard view shows numbers
const MetricCharts = lazy(() => import('./metric-charts'));
// papaparse only when the customer opens the CSV import
const CsvImport = lazy(() => import('./csv-import'));

/** The Dashboard view's numbers section (issue 42): the quick entry form and a chart per tracked metric. */
export function MetricsPanel() {
  const userId = useAuth().user?.id;
  const tracked = useQuery(trackedMetricsQuery(userId));
  const [importing, setImporting] = useState(false);
  return (
    <section aria-labelledby="metrics-title" className="rounded-xl border bg-card p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="metrics-title" className="font-semibold">
          {messages.metrics.entryTitle}
        </h2>
        <Button type="button" variant="outline" size="sm" aria-expanded={importing} onClick={() => setImporting((v) => !v)}>
          {messages.metrics.csv.open}
        </Button>
      </div>
      <p className="mb-4 mt-1 text-sm text-muted-foreground">{messages.metrics.entryExplained}</p>
      {!userId || tracked.isPending ? (
        <Spinner className="size-5 text-primary" label="Loading your metrics" />
      ) : (
        <>
          <MetricEntryForm
            userId={userId}
            // nothing chosen at onboarding: offer all ten rather than an empty list
            ids={tracked.data?.ids.length ? tracked.data.ids : [...KEY_METRIC_IDS]}
            currency={tracked.data?.currency ?? 'GBP'}
          />
          {importing && (
            <Suspense fallback={<Spinner className="mt-6 size-5 text-primary" label={messages.metrics.csv.loading} />}>
              <CsvImport
                ids={tracked.data?.ids.length ? tracked.data.ids : [...KEY_METRIC_IDS]}
                currency={tracked.data?.currency ?? 'GBP'}
              />
            </Suspense>
          )}
          <StripeSourceForm userId={userId} />
          {tracked.data && tracked.data.ids.length > 0 && (
            <Suspense fallback={<Spinner className="mt-6 size-5 text-primary" label="Loading your charts" />}>
              <MetricCharts userId={userId} ids={tracked.data.ids} targets={tracked.data.targets} currency={tracked.data.currency} />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}

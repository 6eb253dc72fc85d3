import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { metricEntryProblem, periodStart, type Currency, type KeyMetricId, type MetricPeriod } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { messages } from '@/lib/messages';
import { toast } from '@/lib/toast';
import { latestValuesQuery, useSaveMetricValue } from './api';
import { formatMetric } from './format';

const m = messages.metrics;
const selectClass = 'flex h-10 w-full cursor-pointer rounded-md border border-input bg-background px-3 py-2 text-sm';

/** Quick entry: this week's or this month's figure for one tracked metric, with the last one recorded beside it. */
export function MetricEntryForm({ userId, ids, currency }: { userId: string; ids: KeyMetricId[]; currency: Currency }) {
  const [metric, setMetric] = useState<KeyMetricId>(ids[0]!);
  const [period, setPeriod] = useState<MetricPeriod>('month');
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const idp = useId();
  const save = useSaveMetricValue();
  const current = periodStart(period, new Date());
  const latest = useQuery(latestValuesQuery(userId, metric, period));
  // "last" is the latest figure before this period: this period's own figure is what is being entered
  const last = latest.data?.find((r) => r.period_start < current) ?? latest.data?.find((r) => r.period_start === current);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const entry = { metric_id: metric, period, period_start: current, value: value.trim() === '' ? NaN : Number(value) };
    if (metricEntryProblem(entry) !== null) return setInvalid(true);
    setInvalid(false);
    save.mutate(entry, {
      onSuccess: () => {
        setValue('');
        void toast.success(m.saved);
      },
      onError: () => void toast.error(m.saveFailed),
    });
  };

  return (
    <form onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-[1fr_10rem_10rem_auto]" aria-label={m.entryTitle}>
      <div>
        <Label htmlFor={`${idp}-metric`}>{m.metricLabel}</Label>
        <select id={`${idp}-metric`} className={selectClass} value={metric} onChange={(e) => setMetric(e.target.value as KeyMetricId)}>
          {ids.map((id) => (
            <option key={id} value={id}>
              {m.labels[id]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={`${idp}-period`}>{m.periodLabel}</Label>
        <select id={`${idp}-period`} className={selectClass} value={period} onChange={(e) => setPeriod(e.target.value as MetricPeriod)}>
          <option value="week">{m.periods.week}</option>
          <option value="month">{m.periods.month}</option>
        </select>
      </div>
      <div>
        <Label htmlFor={`${idp}-value`}>{m.valueLabel}</Label>
        <Input
          id={`${idp}-value`}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={`${idp}-last${invalid ? ` ${idp}-error` : ''}`}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {m.save}
      </Button>
      <p id={`${idp}-last`} className="text-sm text-muted-foreground sm:col-span-4" data-testid="metric-last-value">
        {m.lastValue}:{' '}
        {last ? (
          <span className="font-medium text-foreground">
            {formatMetric(metric, last.value, currency)} ({last.period_start})
          </span>
        ) : (
          m.noLastValue
        )}
      </p>
      {invalid && (
        <p id={`${idp}-error`} role="alert" className="text-sm text-destructive sm:col-span-4">
          {m.invalidValue}
        </p>
      )}
    </form>
  );
}

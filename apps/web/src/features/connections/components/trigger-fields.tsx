import { CalendarClock, Webhook, Zap } from 'lucide-react';
import { useMemo } from 'react';
import { Input } from '@/components/ui/input';
import { connectionsMessages } from '@/lib/messages/connections';
import { cn } from '@/lib/utils';
import { EVENT_NAMES, type TriggerDraft, type TriggerType } from '../lib/draft';
import { Field, selectClass } from './form-field';

const f = connectionsMessages.form;
const t = connectionsMessages.trigger;
const TYPES: { type: TriggerType; icon: typeof Webhook }[] = [
  { type: 'webhook', icon: Webhook },
  { type: 'schedule', icon: CalendarClock },
  { type: 'event', icon: Zap },
];

/** The browser's time zones, for the suggestions (the schema checks whatever is typed). */
function useTimeZones(): string[] {
  return useMemo(() => {
    try {
      return Intl.supportedValuesOf('timeZone');
    } catch {
      return ['Europe/London'];
    }
  }, []);
}

/** The trigger: an inbound webhook (optionally verified), a daily or weekly schedule, or a product event. */
export function TriggerFields({ value, onChange }: { value: TriggerDraft; onChange(patch: Partial<TriggerDraft>): void }) {
  const zones = useTimeZones();

  return (
    <fieldset className="space-y-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{f.triggerLegend}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {TYPES.map(({ type, icon: Icon }) => (
          <label
            key={type}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value.type === type ? 'border-primary bg-primary/15' : 'hover:bg-secondary',
            )}
          >
            <input type="radio" name="trigger-type" className="sr-only" checked={value.type === type} onChange={() => onChange({ type })} />
            <Icon aria-hidden className="size-4 text-accent" /> {t[type]}
          </label>
        ))}
      </div>

      {value.type === 'webhook' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field="trigger.verify" label={f.verify}>
            {(p) => (
              <select
                {...p}
                className={selectClass}
                value={value.verify}
                onChange={(e) => onChange({ verify: e.target.value as TriggerDraft['verify'] })}
              >
                {(['none', 'standard', 'header'] as const).map((k) => (
                  <option key={k} value={k}>
                    {f.verifyKinds[k]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {value.verify === 'standard' && (
            <Field field="trigger.verifySecret" label={f.verifySecret} hint={f.verifySecretHint}>
              {(p) => (
                <Input
                  {...p}
                  autoComplete="off"
                  spellCheck={false}
                  value={value.verifySecret}
                  onChange={(e) => onChange({ verifySecret: e.target.value })}
                />
              )}
            </Field>
          )}
          {value.verify === 'header' && (
            <>
              <Field field="trigger.verifyHeader" label={f.verifyHeader}>
                {(p) => <Input {...p} value={value.verifyHeader} onChange={(e) => onChange({ verifyHeader: e.target.value })} />}
              </Field>
              <Field field="trigger.verifyValue" label={f.verifyValue} hint={f.verifyValueHint} className="sm:col-start-2">
                {(p) => (
                  <Input
                    {...p}
                    autoComplete="off"
                    spellCheck={false}
                    value={value.verifyValue}
                    onChange={(e) => onChange({ verifyValue: e.target.value })}
                  />
                )}
              </Field>
            </>
          )}
        </div>
      )}

      {value.type === 'schedule' && (
        <div className="grid gap-4 sm:grid-cols-4">
          <Field field="trigger.every" label={f.every}>
            {(p) => (
              <select
                {...p}
                className={selectClass}
                value={value.every}
                onChange={(e) => onChange({ every: e.target.value as TriggerDraft['every'] })}
              >
                <option value="day">{f.everyOptions.day}</option>
                <option value="week">{f.everyOptions.week}</option>
              </select>
            )}
          </Field>
          {value.every === 'week' && (
            <Field field="trigger.weekday" label={f.weekday}>
              {(p) => (
                <select {...p} className={selectClass} value={value.weekday} onChange={(e) => onChange({ weekday: e.target.value })}>
                  {t.weekdays.map((d, i) => (
                    <option key={d} value={String(i + 1)}>
                      {d}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <Field field="trigger.at" label={f.at}>
            {(p) => <Input {...p} type="time" value={value.at} onChange={(e) => onChange({ at: e.target.value })} />}
          </Field>
          <Field field="trigger.timezone" label={f.timezone}>
            {(p) => (
              <>
                <Input
                  {...p}
                  list="connection-time-zones"
                  value={value.timezone}
                  onChange={(e) => onChange({ timezone: e.target.value })}
                />
                <datalist id="connection-time-zones">
                  {zones.map((z) => (
                    <option key={z} value={z} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
        </div>
      )}

      {value.type === 'event' && (
        <Field field="trigger.event" label={f.event} className="sm:max-w-sm">
          {(p) => (
            <select
              {...p}
              className={selectClass}
              value={value.event}
              onChange={(e) => onChange({ event: e.target.value as TriggerDraft['event'] })}
            >
              {EVENT_NAMES.map((ev) => (
                <option key={ev} value={ev}>
                  {t.events[ev]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {value.type === 'event' && value.event === 'crm_deal_moved' && (
        <Field field="trigger.stage" label={f.stage} hint={f.stageHint} className="sm:max-w-sm">
          {(p) => <Input {...p} value={value.stage} onChange={(e) => onChange({ stage: e.target.value })} />}
        </Field>
      )}
    </fieldset>
  );
}

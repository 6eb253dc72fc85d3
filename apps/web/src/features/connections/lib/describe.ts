import { connectionStepSchema, connectionTriggerSchema } from '@app/shared/connections';
import { connectionsMessages } from '@/lib/messages/connections';
import { messages } from '@/lib/messages';

const t = connectionsMessages.trigger;
const s = connectionsMessages.steps.summary;

/** One line for a stored trigger ("Every Monday at 09:00 (Europe/London)"). */
export function describeTrigger(stored: unknown): string {
  const parsed = connectionTriggerSchema.safeParse(stored);
  if (!parsed.success) return t.webhook;
  const tr = parsed.data;
  if (tr.type === 'webhook') return t.summary.webhook;
  if (tr.type === 'event')
    return tr.event === 'crm_deal_moved' && tr.stage ? t.summary.dealMovedTo(tr.stage) : t.summary.event(t.events[tr.event]);
  if (tr.every === 'day') return t.summary.daily(tr.at, tr.timezone);
  return t.summary.weekly(t.weekdays[(tr.weekday ?? 1) - 1]!, tr.at, tr.timezone);
}

/** One line for a stored step ("Send a webhook to https://…"). */
export function describeStep(stored: unknown): string {
  const parsed = connectionStepSchema.safeParse(stored);
  if (!parsed.success) return String((stored as { type?: unknown } | null)?.type ?? '?');
  const st = parsed.data;
  switch (st.type) {
    case 'webhook':
      return s.webhook(st.url);
    case 'email':
      return s.email(st.subject);
    case 'plan_task':
      return s.plan_task(st.title);
    case 'record_metric':
      return s.record_metric(messages.metrics.labels[st.metric]);
    case 'coach':
      return s.coach(connectionsMessages.form.tasks[st.task].toLowerCase());
    case 'crm_contact':
      return s.crm_contact(st.email);
    case 'crm_activity':
      return s.crm_activity(connectionsMessages.form.activityKinds[st.kind].toLowerCase(), st.email);
  }
}

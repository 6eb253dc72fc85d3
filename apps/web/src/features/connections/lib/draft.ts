import type { KeyMetricId } from '@app/shared';
import { CONNECTION_EVENTS, type ConnectionEventName, type ConnectionStep, type ConnectionTrigger } from '@app/shared/connections';

/**
 * What the connection form holds while the customer types. Flat on purpose: every field of every trigger and step
 * type lives side by side, so switching a step from "webhook" to "email" and back keeps what was typed.
 */
export type TriggerType = ConnectionTrigger['type'];
export type EventName = ConnectionEventName;
export type VerifyKind = 'none' | 'standard' | 'header';
export type StepType = ConnectionStep['type'];
export const STEP_TYPES: readonly StepType[] = ['webhook', 'email', 'plan_task', 'record_metric', 'coach'];
export const EVENT_NAMES: readonly EventName[] = CONNECTION_EVENTS;
export const DEFAULT_TIMEZONE = 'Europe/London';

export interface TriggerDraft {
  type: TriggerType;
  verify: VerifyKind;
  verifySecret: string;
  verifyHeader: string;
  verifyValue: string;
  every: 'day' | 'week';
  at: string;
  /** '1' (Monday) … '7' (Sunday). */
  weekday: string;
  timezone: string;
  event: EventName;
}

export interface MappingRow {
  key: string;
  field: string;
  template: string;
}

export interface StepDraft {
  /** React's key: stable while steps are added, moved and removed. */
  key: string;
  type: StepType;
  url: string;
  mapping: MappingRow[];
  subject: string;
  body: string;
  title: string;
  notes: string;
  phase: string;
  metric: KeyMetricId;
  value: string;
  period: 'week' | 'month';
  task: 'summarise' | 'draft';
  instruction: string;
}

export interface ConnectionDraft {
  name: string;
  trigger: TriggerDraft;
  steps: StepDraft[];
}

let next = 0;
/** A key unique in this page (drafts are never stored). */
export const newKey = (prefix: string) => `${prefix}-${++next}`;

export const emptyTrigger = (): TriggerDraft => ({
  type: 'webhook',
  verify: 'none',
  verifySecret: '',
  verifyHeader: 'X-Shared-Secret',
  verifyValue: '',
  every: 'day',
  at: '09:00',
  weekday: '1',
  timezone: DEFAULT_TIMEZONE,
  event: 'plan_task_completed',
});

export const emptyStep = (type: StepType = 'webhook'): StepDraft => ({
  key: newKey('step'),
  type,
  url: '',
  mapping: [],
  subject: '',
  body: '',
  title: '',
  notes: '',
  phase: '1',
  metric: 'revenue',
  value: '',
  period: 'month',
  task: 'summarise',
  instruction: '',
});

export const emptyMapping = (): MappingRow => ({ key: newKey('field'), field: '', template: '' });

/** A blank connection: an inbound webhook that sends a webhook on. */
export const emptyDraft = (name = ''): ConnectionDraft => ({ name, trigger: emptyTrigger(), steps: [emptyStep('webhook')] });

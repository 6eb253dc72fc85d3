// Imported as @app/shared/connections, not from the index: its zod schemas would reach every page that
// imports the shared package (a public first visit must not load zod, decision 0087).
import { z } from 'zod';
import { KEY_METRIC_IDS, type KeyMetricId } from './onboarding.js';
import type { PlanId } from './plans.js';

/**
 * Issue 40: connections that run. A connection is one trigger and one or more steps; these schemas are the
 * authority for both the browser (forms) and the server (the worker validates every step before it runs it).
 * Migration 0780 checks the same shapes coarsely, so a script writing through /rest/v1 cannot store nonsense.
 */

/** Runs per calendar month (UTC) per plan, counted when a trigger is accepted; null = unlimited. */
export const CONNECTION_RUNS_PER_MONTH: Record<PlanId, number | null> = {
  basic: 100,
  pro: 2_000,
  growth: 10_000,
  enterprise: null,
};

/** The monthly run limit of a plan (no live plan: the smallest). */
export function connectionRunLimit(plan: PlanId | null | undefined): number | null {
  return plan && plan in CONNECTION_RUNS_PER_MONTH ? CONNECTION_RUNS_PER_MONTH[plan] : CONNECTION_RUNS_PER_MONTH.basic;
}

/** What the caller of a trigger is told when the owner's plan has no runs left this month. */
export const connectionRunLimitMessage = (limit: number) =>
  `This connection has used all ${limit.toLocaleString('en-GB')} runs of its plan this month. Upgrade the plan or wait until next month.`;

export const MAX_CONNECTION_STEPS = 10;
/** Attempts of one step before the run is marked failed (network errors, timeouts and 5xx are retried). */
export const CONNECTION_STEP_ATTEMPTS = 6;

const TEMPLATE_MAX = 5_000;
const template = (max = TEMPLATE_MAX) => z.string().max(max, `must be at most ${max} characters`);
const httpUrl = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// address');
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 09:00');
const timeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be a time zone such as Europe/London');

/** Events in the product that can start a connection (migration 0800 records them whatever path wrote the row). */
export const CONNECTION_EVENTS = ['plan_task_completed', 'metric_recorded', 'crm_contact_created'] as const;
export type ConnectionEventName = (typeof CONNECTION_EVENTS)[number];

/**
 * What a run started by each event receives as its payload: exactly these fields (docs/connections.md "Event
 * triggers"), here with sample values. `metric.id` is the metric's id (`revenue`, `leads`…); `task.phase` the
 * phase's number; dates are YYYY-MM-DD, times ISO 8601.
 */
export const CONNECTION_EVENT_SAMPLES = {
  plan_task_completed: {
    task: {
      id: '0b9c1f9e-4a52-4a8e-9d0a-2f1d7c3e5b61',
      title: 'Launch the loyalty card',
      phase: 2,
      due_date: '2026-06-30',
      completed_at: '2026-06-28T14:05:00+00:00',
    },
  },
  metric_recorded: { metric: { id: 'revenue', period: 'month', period_start: '2026-06-01', value: 12500, source: 'manual' } },
  crm_contact_created: {
    contact: {
      id: '6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      company: 'Analytical Engines Ltd',
      source: 'website',
      tags: ['lead'],
    },
  },
} as const satisfies Record<ConnectionEventName, Record<string, Record<string, unknown>>>;

/** How an inbound webhook proves its sender: Standard Webhooks (whsec_ secret) or a shared secret in a header. */
export const inboundVerificationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('standard'), secret: z.string().regex(/^whsec_[A-Za-z0-9+/=]{16,200}$/, 'must be a whsec_… secret') }),
  z.object({
    kind: z.literal('header'),
    header: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name'),
    value: z.string().min(16, 'must be at least 16 characters').max(500),
  }),
]);

export const scheduleTriggerSchema = z.object({
  type: z.literal('schedule'),
  every: z.enum(['day', 'week']),
  at: hhmm,
  /** 1 = Monday … 7 = Sunday, for every: 'week'. */
  weekday: z.number().int().min(1).max(7).optional(),
  timezone: timeZone.default('Europe/London'),
});
export const eventTriggerSchema = z.object({ type: z.literal('event'), event: z.enum(CONNECTION_EVENTS) });
export const connectionTriggerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('webhook'), verify: inboundVerificationSchema.optional() }),
  scheduleTriggerSchema,
  eventTriggerSchema,
]);
export type ConnectionTrigger = z.infer<typeof connectionTriggerSchema>;

export const webhookStepSchema = z.object({
  type: z.literal('webhook'),
  url: httpUrl,
  /** Field → template; absent: the trigger's whole payload is sent as `data`. */
  fields: z.record(z.string().max(100), template()).optional(),
});
export const emailStepSchema = z.object({
  type: z.literal('email'),
  subject: template(200).min(1, 'must not be empty'),
  body: template().min(1, 'must not be empty'),
});
export const planTaskStepSchema = z.object({
  type: z.literal('plan_task'),
  title: template(300).min(1, 'must not be empty'),
  notes: template().optional(),
  phase: z.number().int().min(1).max(6).default(1),
});
export const recordMetricStepSchema = z.object({
  type: z.literal('record_metric'),
  metric: z.enum(KEY_METRIC_IDS as [KeyMetricId, ...KeyMetricId[]]),
  /** A number, or a template that renders one (e.g. "{{order.total}}"). */
  value: z.union([z.number(), template(200)]),
  period: z.enum(['week', 'month']).default('month'),
});
/**
 * Asks the coach (the same AI provider, charged in credits like a coach reply) to summarise or draft from the
 * trigger's data, following `instruction`; later steps use the answer as {{coach.text}}.
 */
export const coachStepSchema = z.object({
  type: z.literal('coach'),
  task: z.enum(['summarise', 'draft']),
  instruction: template(2000).min(1, 'must not be empty'),
});
export const connectionStepSchema = z.discriminatedUnion('type', [
  webhookStepSchema,
  emailStepSchema,
  planTaskStepSchema,
  recordMetricStepSchema,
  coachStepSchema,
]);
export type ConnectionStep = z.infer<typeof connectionStepSchema>;
export type ConnectionStepType = ConnectionStep['type'];

export const connectionStepsSchema = z
  .array(connectionStepSchema)
  .min(1, 'add at least one step')
  .max(MAX_CONNECTION_STEPS, `at most ${MAX_CONNECTION_STEPS} steps`);

export type ConnectionRunStatus = 'queued' | 'running' | 'retrying' | 'succeeded' | 'failed';
export type ConnectionRunKind = 'trigger' | 'test' | 'rerun';

// ---------------------------------------------------------------------------------------------------------------
// The template syntax: {{path.to.field}} anywhere in a string, looked up in the trigger's data (after a coach step,
// {{coach.text}} is its answer: see withCoachText). A path is names separated by dots; a number picks from a list
// ({{items.0.sku}}). Spaces inside the braces are allowed. A missing field renders as nothing; a number or
// true/false as written; an object or list as JSON. Nothing else is special.
// ---------------------------------------------------------------------------------------------------------------

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_$-]+(?:\.[A-Za-z0-9_$-]+)*)\s*\}\}/g;
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** The value at `path` ("order.total", "items.0.sku") in `data`, or undefined. Own properties only. */
export function lookupPath(data: unknown, path: string): unknown {
  let cur: unknown = data;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || FORBIDDEN_KEYS.has(key)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

const asText = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
};

/** `template` with each {{path}} replaced by that field of `data` (see the syntax above). */
export function renderTemplate(template: string, data: unknown): string {
  return template.replace(PLACEHOLDER, (_, path: string) => asText(lookupPath(data, path)));
}

/** The paths a template uses, in order, without repeats (for a preview that says which fields are missing). */
export function templateFields(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * The data later steps' templates see once a coach step has answered: the trigger's payload with `coach: { text }`
 * (the latest coach step's answer replaces an earlier one and a payload field named `coach`). A payload that is not
 * an object (a list, a string) is kept under `payload`.
 */
export function withCoachText(payload: unknown, text: string): Record<string, unknown> {
  const base = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload : { payload };
  return { ...(base as Record<string, unknown>), coach: { text } };
}

/** GET /api/admin/connection-runs: runs accepted and refused at the plans' limits per month (UTC), newest first. */
export interface ConnectionRunCounts {
  months: { month: string; runs: number; refused: number; customersRefused: number }[];
}

import type { CoachProposal, PlanDiffLine } from '@app/shared';
import {
  connectionStepsSchema,
  eventTriggerSchema,
  scheduleTriggerSchema,
  type ConnectionStep,
  type ConnectionTrigger,
} from '@app/shared/connections';
import { tool } from 'ai';
import { z } from 'zod';
import { redactUrl } from '../connections/redact.js';
import { safeText } from '../http/body.js';
import { sizeCapped, ToolRefusal, type ReplyWrites } from './tool-guards.js';
import type { RunAsUser } from './run-as-user.js';

/** Where the customer tests a connection and switches it on (the dashboard's Connections view). */
export const CONNECTIONS_PAGE = '/dashboard?view=connections';

export const PROPOSE_CONNECTION_TEXT = {
  notOnPlan: 'Custom connections come with the Pro, Growth and Enterprise plans. Upgrade to create this one.',
  invalid: (why: string) => `This connection is not complete: ${why}`,
} as const;

/**
 * The proposal's input: a connection as the shared schemas define it (the worker validates it again per run). A
 * webhook trigger without a sender's verification: that secret is the customer's to set on the connection page.
 */
export const proposeConnectionInput = z.object({
  name: safeText().trim().min(1).max(120).describe('A short name, e.g. "New Shopify orders to Slack"'),
  trigger: z
    .discriminatedUnion('type', [z.object({ type: z.literal('webhook') }), scheduleTriggerSchema, eventTriggerSchema])
    .describe(
      'What starts it: {"type":"webhook"} (another tool posts to its address), {"type":"schedule","every":"day"|"week","at":"09:00","weekday":1-7,"timezone":"Europe/London"}, or {"type":"event","event":"plan_task_completed"|"metric_recorded"|"crm_contact_created"}.',
    ),
  steps: connectionStepsSchema.describe(
    "One to ten steps in order. Templates use {{path.to.field}} from the trigger's data (e.g. {{task.title}}, {{metric.value}}); after a coach step, {{coach.text}} is its answer.",
  ),
  why: safeText().trim().min(1).max(200).optional().describe('One short line the customer sees on the approval card'),
});
export type ProposedConnection = z.output<typeof proposeConnectionInput>;

const EVENT_LABEL: Record<Extract<ConnectionTrigger, { type: 'event' }>['event'], string> = {
  plan_task_completed: 'When a task of your 90-day plan is completed',
  metric_recorded: 'When a figure is recorded (revenue, leads…)',
  crm_contact_created: 'When a contact is added to your CRM',
  crm_deal_moved: 'When a deal moves to another stage of your CRM pipeline',
};
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function describeTrigger(t: ConnectionTrigger): string {
  switch (t.type) {
    case 'webhook':
      return 'When another tool sends data to its webhook address (made on the connection page)';
    case 'schedule':
      return t.every === 'day'
        ? `Every day at ${t.at} (${t.timezone})`
        : `Every ${WEEKDAYS[(t.weekday ?? 1) - 1]} at ${t.at} (${t.timezone})`;
    case 'event':
      return t.event === 'crm_deal_moved' && t.stage ? `When a deal moves to "${t.stage}" in your CRM pipeline` : EVENT_LABEL[t.event];
  }
}

export function describeStep(s: ConnectionStep): string {
  switch (s.type) {
    case 'webhook':
      return `Send the data, signed, to ${redactUrl(s.url)}`;
    case 'email':
      return `E-mail you: "${s.subject}"`;
    case 'plan_task':
      return `Add the task "${s.title}" to phase ${s.phase} of your plan`;
    case 'record_metric':
      return `Record ${s.metric} = ${s.value} for this ${s.period}`;
    case 'coach':
      return `Ask the coach to ${s.task} (charged in credits): "${s.instruction}"`;
    case 'crm_contact':
      return `Add or update the CRM contact ${s.email}`;
    case 'crm_activity':
      return `Log a ${s.kind} on the CRM contact ${s.email}`;
  }
}

const firstProblem = (e: z.ZodError) => {
  const i = e.issues[0];
  return i ? `${i.path.join('.') || 'input'}: ${i.message}` : 'invalid';
};

/** The approval card of a proposed connection: what will be created, paused; or why it cannot be. */
export async function describeConnectionProposal(run: RunAsUser, input: unknown): Promise<CoachProposal> {
  const parsed = proposeConnectionInput.safeParse(input);
  if (!parsed.success) return { diff: [], error: PROPOSE_CONNECTION_TEXT.invalid(firstProblem(parsed.error)) };
  const c = parsed.data;
  const diff: PlanDiffLine[] = [
    { kind: 'added', what: 'connection', label: `${c.name} (paused until you test it and switch it on)` },
    { kind: 'added', what: 'trigger', label: describeTrigger(c.trigger) },
    ...c.steps.map((s, i): PlanDiffLine => ({ kind: 'added', what: 'step', label: `${i + 1}. ${describeStep(s)}` })),
  ];
  const allowed = await run(async (tx) => {
    const r = await tx.query<{ ok: boolean }>(`select public.has_feature('connect_anything_custom') as ok`);
    return r.rows[0]?.ok === true;
  });
  return { ...(c.why && { summary: c.why }), diff, ...(!allowed && { error: PROPOSE_CONNECTION_TEXT.notOnPlan }) };
}

/**
 * proposeConnection: the coach proposes a connection; it is created only when the customer approves it in the
 * conversation (needsApproval), as the customer (RLS and the plan gate decide), switched off. Its shown-once webhook
 * address and signing secret are never read back, so they cannot reach the model: the customer makes them on the
 * connection page.
 */
export function connectionTools(run: RunAsUser, conversationId: string, writes: ReplyWrites) {
  return {
    proposeConnection: tool({
      description:
        'Propose a connection that runs for the customer: one trigger (a webhook from another tool, a daily or weekly schedule, or an event in this product) and 1-10 steps (send a signed webhook, e-mail the customer, add a plan task, record a figure, ask the coach to summarise or draft). It is created paused after the customer approves; they test it and switch it on in Connect Anything.',
      inputSchema: proposeConnectionInput,
      needsApproval: true,
      execute: sizeCapped(async (input: ProposedConnection) => {
        const parsed = proposeConnectionInput.safeParse(input);
        if (!parsed.success) throw new ToolRefusal(PROPOSE_CONNECTION_TEXT.invalid(firstProblem(parsed.error)));
        const c = parsed.data;
        await writes('/connections', 1);
        let created: { id: string; name: string };
        try {
          const r = await run((tx) =>
            // only the id and name come back: the shown-once token and secret stay out of the model's context
            tx.query<{ id: string; name: string }>(
              `insert into public.connections (name, enabled, trigger, steps, origin)
               values ($1, false, $2::jsonb, $3::jsonb, $4::jsonb) returning id, name`,
              [
                c.name,
                JSON.stringify(c.trigger),
                JSON.stringify(c.steps),
                JSON.stringify({ kind: 'coach', conversation_id: conversationId }),
              ],
            ),
          );
          created = r.rows[0]!;
        } catch (err) {
          const code = String((err as { code?: unknown }).code ?? '');
          if (code === '42501') throw new ToolRefusal(PROPOSE_CONNECTION_TEXT.notOnPlan);
          if (code.startsWith('23')) throw new ToolRefusal(PROPOSE_CONNECTION_TEXT.invalid('the database refused it'));
          throw err;
        }
        return {
          created: true as const,
          id: created.id,
          name: created.name,
          enabled: false as const,
          page: CONNECTIONS_PAGE,
          next: `Created paused. The customer tests it and switches it on in the dashboard's Connections view (${CONNECTIONS_PAGE}); a webhook trigger's address and the signing secret are made and shown there, not here.`,
        };
      }),
    }),
  };
}

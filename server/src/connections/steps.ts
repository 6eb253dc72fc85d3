import { Webhook } from 'standardwebhooks';
import { periodStart } from '@app/shared';
import { renderTemplate, type ConnectionStep } from '@app/shared/connections';
import type { AppContext } from '../context.js';
import { applyPlanEdits, PlanEditError } from '../plan/apply.js';
import { runCoachStep } from './coach-step.js';
import { renderConnectionEmail } from './mail.js';
import { callOut, OutboundError } from './outbound.js';
import { redactUrl, truncateText } from './redact.js';
import { asOwner, type StepContext, type StepOutcome } from './step-context.js';

export type { StepContext, StepOutcome } from './step-context.js';

const STORED_REQUEST_BODY = 16 * 1024;
const STORED_RESPONSE_BODY = 8 * 1024;
const CONNECT_TIMEOUT_MS = 5_000;

/** The Standard Webhooks message id of a run's step: the same on every attempt, so receivers can de-duplicate. */
export const webhookIdOf = (runId: string, stepIndex: number) => `msg_${runId.replaceAll('-', '')}_${stepIndex}`;

type Ctx = Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>;

export async function runStep(ctx: Ctx, step: ConnectionStep, s: StepContext): Promise<StepOutcome> {
  switch (step.type) {
    case 'webhook':
      return sendWebhook(ctx, step, s);
    case 'email':
      return sendEmail(ctx, step, s);
    case 'plan_task':
      return addPlanTask(ctx, step, s);
    case 'record_metric':
      return recordMetric(ctx, step, s);
    case 'coach':
      return runCoachStep(ctx, step, s);
  }
}

/** The body we POST: Standard Webhooks' recommended shape ({type, timestamp, data}), the same on every attempt. */
export function webhookBody(step: Extract<ConnectionStep, { type: 'webhook' }>, s: StepContext): string {
  const data = step.fields ? Object.fromEntries(Object.entries(step.fields).map(([k, t]) => [k, renderTemplate(t, s.data)])) : s.payload;
  return JSON.stringify({
    type: 'connection.run',
    timestamp: s.runCreatedAt.toISOString(),
    data,
    connection: { id: s.connectionId, name: s.connectionName },
    run_id: s.runId,
  });
}

async function sendWebhook(ctx: Ctx, step: Extract<ConnectionStep, { type: 'webhook' }>, s: StepContext): Promise<StepOutcome> {
  if (!s.signingSecret) return { status: 'failed', error: 'The connection has no signing secret' };
  const body = webhookBody(step, s);
  const id = webhookIdOf(s.runId, s.stepIndex);
  const now = new Date();
  const signature = new Webhook(s.signingSecret).sign(id, now, body);
  const headers = {
    'content-type': 'application/json',
    'user-agent': `${ctx.config.BRAND_NAME} Connections`,
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signature,
  };
  const request = {
    method: 'POST',
    url: redactUrl(step.url),
    headers: { ...headers, 'webhook-signature': '[redacted]' },
    body: truncateText(body, STORED_REQUEST_BODY),
    size: Buffer.byteLength(body),
  };
  try {
    const res = await callOut(
      { url: step.url, method: 'POST', headers, body },
      {
        allowPrivate: ctx.config.CONNECTIONS_ALLOW_PRIVATE_NETWORKS,
        connectTimeoutMs: Math.min(CONNECT_TIMEOUT_MS, ctx.config.CONNECTIONS_TIMEOUT_SECONDS * 1000),
        totalTimeoutMs: ctx.config.CONNECTIONS_TIMEOUT_SECONDS * 1000,
      },
    );
    const response = {
      status: res.status,
      content_type: res.contentType,
      body: truncateText(res.body, STORED_RESPONSE_BODY),
      size: res.size,
      truncated: res.truncated || res.body.length > STORED_RESPONSE_BODY,
      ...(res.redirects ? { redirects: res.redirects, url: redactUrl(res.url) } : {}),
    };
    if (res.status >= 200 && res.status < 300) return { status: 'succeeded', request, response };
    if (res.status >= 500) return { status: 'retry', request, response, error: `The receiver answered ${res.status}` };
    return { status: 'failed', request, response, error: `The receiver answered ${res.status}` };
  } catch (err) {
    if (err instanceof OutboundError) return { status: err.retryable ? 'retry' : 'failed', request, error: err.message };
    throw err;
  }
}

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

async function sendEmail(ctx: Ctx, step: Extract<ConnectionStep, { type: 'email' }>, s: StepContext): Promise<StepOutcome> {
  if (!s.ownerEmail) return { status: 'failed', error: 'The account has no e-mail address' };
  const subject = oneLine(renderTemplate(step.subject, s.data)).slice(0, 200) || s.connectionName;
  const body = renderTemplate(step.body, s.data);
  const request = { to: s.ownerEmail, subject, body: truncateText(body, STORED_REQUEST_BODY) };
  try {
    const mail = renderConnectionEmail({
      brand: ctx.config.BRAND_NAME,
      siteUrl: ctx.config.SITE_URL,
      connection: s.connectionName,
      subject,
      body,
    });
    await ctx.mailer.send({ to: s.ownerEmail, ...mail });
    return { status: 'succeeded', request, response: { sent: true } };
  } catch (err) {
    return { status: 'retry', request, error: `The mail could not be sent (${(err as Error).message})` };
  }
}

async function addPlanTask(ctx: Ctx, step: Extract<ConnectionStep, { type: 'plan_task' }>, s: StepContext): Promise<StepOutcome> {
  const title = oneLine(renderTemplate(step.title, s.data)).slice(0, 300);
  const notes = step.notes ? renderTemplate(step.notes, s.data).slice(0, 5000) : undefined;
  const request = { phase: step.phase, title, ...(notes ? { notes } : {}) };
  if (!title) return { status: 'failed', request, error: 'The task title is empty for this payload' };
  try {
    const r = await asOwner(ctx, s, (tx) =>
      applyPlanEdits(tx, [{ op: 'addTask', phase: step.phase, title, ...(notes ? { notes } : {}) }], {
        actor: 'customer',
        summary: `Added "${title}" (connection "${s.connectionName}")`,
      }),
    );
    return { status: 'succeeded', request, response: { plan_id: r.planId } };
  } catch (err) {
    if (err instanceof PlanEditError) return { status: 'failed', request, error: err.message };
    if (isDataError(err)) return { status: 'failed', request, error: 'The plan refused this task' };
    return { status: 'retry', request, error: 'The plan could not be changed just now' };
  }
}

/** "1,234.50", "£99" and " 42 " read as numbers; anything else is not one. */
export function readNumber(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^[£$€]/, '')
    .replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

const isDataError = (err: unknown) => /^(22|23)/.test(String((err as { code?: unknown }).code ?? ''));

async function recordMetric(ctx: Ctx, step: Extract<ConnectionStep, { type: 'record_metric' }>, s: StepContext): Promise<StepOutcome> {
  const value = typeof step.value === 'number' ? step.value : readNumber(renderTemplate(step.value, s.data));
  const start = periodStart(step.period, new Date());
  const request = { metric: step.metric, period: step.period, period_start: start, value };
  if (value === null) return { status: 'failed', request, error: 'The value is not a number for this payload' };
  try {
    await asOwner(ctx, s, (tx) =>
      tx.query(
        `insert into public.metric_values (metric_id, period, period_start, value, source) values ($1, $2, $3, $4, 'connection')
         on conflict (user_id, metric_id, period, period_start) do update set value = excluded.value, source = 'connection'`,
        [step.metric, step.period, start, value],
      ),
    );
    return { status: 'succeeded', request, response: { recorded: true } };
  } catch (err) {
    if (isDataError(err)) return { status: 'failed', request, error: `${value} is out of range for ${step.metric}` };
    return { status: 'retry', request, error: 'The figure could not be recorded just now' };
  }
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { Webhook } from 'standardwebhooks';
import { connectionRunLimitMessage, connectionTriggerSchema } from '@app/shared/connections';
import type { AppContext } from '../context.js';
import { appErrorResponse, appRateLimited } from '../errors/json.js';
import { decodeUtf8, findUnsafeText, INVALID_JSON_MESSAGE, INVALID_UTF8_MESSAGE } from '../http/body.js';
import { clientIp } from '../http/client-ip.js';
import { jsonShapeProblem } from '../http/json-shape.js';
import { createRateLimiter } from '../http/rate-limit.js';
import type { JobQueue } from '../jobs/queue.js';
import { createRun } from './runs.js';

/** Largest inbound webhook body (Shopify's and Stripe's events are well under it). */
export const INBOUND_MAX_BYTES = 256 * 1024;
/** Per connection and per client address, per minute. */
export const INBOUND_PER_CONNECTION_PER_MINUTE = 300;
export const INBOUND_PER_IP_PER_MINUTE = 600;
/** Unknown addresses per client address per 10 minutes: guessing tokens is cut off. */
const INBOUND_MISSES_PER_IP = 30;

const TOKEN = /^[0-9a-f]{64}$/;
export const inboundTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

type Parsed =
  { ok: true; payload: unknown; raw: string } | { ok: false; code: 'connection_unsupported_body' | 'invalid_request'; message?: string };

function formToObject(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of entries) {
    const value = typeof v === 'string' ? v : v instanceof File ? { filename: v.name, type: v.type, size: v.size } : String(v);
    const prev = out[k];
    out[k] = prev === undefined ? value : Array.isArray(prev) ? [...(prev as unknown[]), value] : [prev, value];
  }
  return { ...out };
}

/** The body as the run's payload: JSON, a urlencoded form or a multipart form (files are described, not kept). */
async function readPayload(c: Context): Promise<Parsed> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data') {
    try {
      const form = await c.req.formData();
      const payload = formToObject(form.entries());
      const unsafe = findUnsafeText(payload);
      return unsafe ? { ok: false, code: 'invalid_request', message: unsafe } : { ok: true, payload, raw: '' };
    } catch {
      return { ok: false, code: 'invalid_request', message: 'The form could not be read' };
    }
  }
  const raw = decodeUtf8(await c.req.arrayBuffer());
  if (raw === null) return { ok: false, code: 'invalid_request', message: INVALID_UTF8_MESSAGE };
  let payload: unknown;
  if (type === 'application/x-www-form-urlencoded') payload = formToObject(new URLSearchParams(raw).entries());
  else if (type === 'application/json' || type.endsWith('+json') || (type === '' && raw.trim() !== '')) {
    if (raw.trim() === '') payload = {};
    else {
      const shape = jsonShapeProblem(raw);
      if (shape) return { ok: false, code: 'invalid_request', message: shape };
      try {
        payload = JSON.parse(raw);
      } catch {
        return { ok: false, code: 'invalid_request', message: INVALID_JSON_MESSAGE };
      }
    }
  } else if (type === '' || type === 'text/plain') payload = raw === '' ? {} : { text: raw };
  else return { ok: false, code: 'connection_unsupported_body' };
  const unsafe = findUnsafeText(payload);
  if (unsafe) return { ok: false, code: 'invalid_request', message: unsafe };
  return { ok: true, payload, raw };
}

function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

/**
 * POST /hooks/v1/{token}: a connection's inbound webhook. The token is the secret (only its hash is stored). The run
 * is recorded and queued in one transaction, and the caller is answered at once: 202 {run_id}.
 */
export function inboundHookRoutes(ctx: AppContext, queue: JobQueue): Hono {
  const app = new Hono();
  const perIp = createRateLimiter(ctx, { keyPrefix: 'hooks-ip', points: INBOUND_PER_IP_PER_MINUTE, durationSeconds: 60 });
  const misses = createRateLimiter(ctx, { keyPrefix: 'hooks-miss-ip', points: INBOUND_MISSES_PER_IP, durationSeconds: 600 });
  const perConnection = createRateLimiter(ctx, {
    keyPrefix: 'hooks-connection',
    points: INBOUND_PER_CONNECTION_PER_MINUTE,
    durationSeconds: 60,
  });

  async function receiveInboundWebhook(c: Context) {
    const ip = clientIp(c, ctx.config);
    const ipLimit = await perIp.consume(ip);
    if (!ipLimit.allowed) return appRateLimited(c, ipLimit.retryAfterSeconds);
    const missed = await misses.peek(ip);
    if (!missed.allowed) return appRateLimited(c, missed.retryAfterSeconds);
    const token = c.req.param('token') ?? ''; // the route is /:token: always present
    const found = TOKEN.test(token)
      ? await ctx.db.query<{ id: string; user_id: string; enabled: boolean; trigger: unknown; steps: unknown[] }>(
          `select c.id, c.user_id, c.enabled, c.trigger, c.steps from internal.connection_secrets s
             join public.connections c on c.id = s.connection_id where s.inbound_token_hash = $1`,
          [inboundTokenHash(token)],
        )
      : { rows: [] };
    const conn = found.rows[0];
    if (!conn) {
      await misses.consume(ip);
      return appErrorResponse(c, 'connection_not_found');
    }
    const connLimit = await perConnection.consume(conn.id);
    if (!connLimit.allowed) return appRateLimited(c, connLimit.retryAfterSeconds);
    const trigger = connectionTriggerSchema.safeParse(conn.trigger);
    if (!trigger.success || trigger.data.type !== 'webhook') return appErrorResponse(c, 'connection_not_webhook');
    if (!conn.enabled) return appErrorResponse(c, 'connection_paused');

    const body = await readPayload(c);
    if (!body.ok) return appErrorResponse(c, body.code, body.message);
    const verify = trigger.data.verify;
    if (verify?.kind === 'standard') {
      try {
        new Webhook(verify.secret).verify(body.raw, {
          'webhook-id': c.req.header('webhook-id') ?? '',
          'webhook-timestamp': c.req.header('webhook-timestamp') ?? '',
          'webhook-signature': c.req.header('webhook-signature') ?? '',
        });
      } catch {
        return appErrorResponse(c, 'connection_signature_invalid');
      }
    } else if (verify?.kind === 'header') {
      const given = c.req.header(verify.header);
      if (!given || !sameSecret(given, verify.value)) return appErrorResponse(c, 'connection_signature_invalid');
    }

    const run = await createRun(ctx, queue, { id: conn.id, userId: conn.user_id, steps: conn.steps }, body.payload, 'trigger');
    if (!run.ok) return appErrorResponse(c, 'connection_run_limit', connectionRunLimitMessage('limit' in run ? run.limit : 0));
    return c.json({ run_id: run.runId, status: 'queued' }, 202);
  }
  app.post('/:token', receiveInboundWebhook);
  return app;
}

import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { connectionRunLimitMessage } from '@app/shared/connections';
import type { JwtClaims } from '../accounts/index.js';
import type { AppContext } from '../context.js';
import { asUser } from '../db/as-user.js';
import { functionsRateLimited } from '../errors/json.js';
import { fail, readBody, requireSecondFactorPassed } from '../functions/common.js';
import { createRateLimiter } from '../http/rate-limit.js';
import type { JobQueue } from '../jobs/queue.js';
import { liveUserClaims } from '../security/live-admin.js';
import { createRun } from './runs.js';

/** Test runs per user per hour (they do not count towards the monthly runs). */
export const TEST_RUNS_PER_HOUR = 60;

async function customer(ctx: AppContext, c: Context): Promise<JwtClaims | Response> {
  return (await liveUserClaims(ctx, c)) ?? fail(c, 'not_authenticated', 'Please sign in to run your connections.');
}

/** The caller's own connection (RLS decides), or null. */
async function ownConnection(ctx: AppContext, claims: JwtClaims, id: string) {
  const { rows } = await asUser(ctx.db, claims, (tx) =>
    tx.query<{ id: string; user_id: string; steps: unknown[] }>('select id, user_id, steps from public.connections where id = $1', [id]),
  );
  return rows[0] ?? null;
}

const notFound = (c: Context) => fail(c, 'connection_not_found', 'That connection is not yours or no longer exists.');

/**
 * /functions/v1/connections/*: test a connection with a sample payload (it need not be switched on; the steps run
 * for real, and the run shows in the history as a test), and run a failed run again (a new run with its payload).
 */
export function connectionFunctionRoutes(ctx: AppContext, queue: JobQueue): Hono {
  const app = new Hono();
  app.use('*', requireSecondFactorPassed(ctx));
  const tests = createRateLimiter(ctx, { keyPrefix: 'connections-test-user', points: TEST_RUNS_PER_HOUR, durationSeconds: 3600 });

  async function testConnection(c: Context) {
    const claims = await customer(ctx, c);
    if (claims instanceof Response) return claims;
    const body = await readBody(c, z.object({ connection_id: z.uuid(), payload: z.unknown().optional() }));
    if ('invalid' in body) return fail(c, 'validation_failed', body.invalid);
    const conn = await ownConnection(ctx, claims, body.connection_id);
    if (!conn) return notFound(c);
    const limited = await tests.consume(claims.sub!);
    if (!limited.allowed) return functionsRateLimited(c, limited.retryAfterSeconds);
    // no sample given: the last real payload this connection received, else an empty object
    let payload = body.payload;
    if (payload === undefined) {
      const last = await ctx.db.query<{ payload: unknown }>(
        `select payload from public.connection_runs where connection_id = $1 and kind = 'trigger' order by created_at desc limit 1`,
        [conn.id],
      );
      payload = last.rows[0]?.payload ?? {};
    }
    const run = await createRun(ctx, queue, { id: conn.id, userId: conn.user_id, steps: conn.steps }, payload, 'test');
    if (!run.ok) return fail(c, 'connection_run_limit', connectionRunLimitMessage('limit' in run ? run.limit : 0));
    return c.json({ success: true, run_id: run.runId }, 202);
  }
  app.post('/test', testConnection);

  async function rerunConnection(c: Context) {
    const claims = await customer(ctx, c);
    if (claims instanceof Response) return claims;
    const body = await readBody(c, z.object({ run_id: z.uuid() }));
    if ('invalid' in body) return fail(c, 'validation_failed', body.invalid);
    const { rows } = await asUser(ctx.db, claims, (tx) =>
      tx.query<{ connection_id: string; status: string; payload: unknown }>(
        'select connection_id, status, payload from public.connection_runs where id = $1',
        [body.run_id],
      ),
    );
    const old = rows[0];
    if (!old) return fail(c, 'connection_run_not_found', 'That run is not yours or no longer exists.');
    if (old.status !== 'failed') return fail(c, 'connection_run_not_failed');
    const conn = await ownConnection(ctx, claims, old.connection_id);
    if (!conn) return notFound(c);
    const run = await createRun(ctx, queue, { id: conn.id, userId: conn.user_id, steps: conn.steps }, old.payload, 'rerun', body.run_id);
    if (!run.ok) return fail(c, 'connection_run_limit', connectionRunLimitMessage('limit' in run ? run.limit : 0));
    return c.json({ success: true, run_id: run.runId }, 202);
  }
  app.post('/rerun', rerunConnection);
  return app;
}

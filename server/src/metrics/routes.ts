import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.js';
import { asUser } from '../db/as-user.js';
import { fail, readBody } from '../functions/common.js';
import { functionsRateLimited } from '../errors/json.js';
import { createRateLimiter } from '../http/rate-limit.js';
import { liveUserClaims } from '../security/live-admin.js';
import { importBodySchema, refuseImport, writeImport } from './csv-import.js';

const pgCode = (err: unknown) => (err && typeof err === 'object' && 'code' in err ? String((err as { code: unknown }).code) : undefined);

/**
 * /functions/v1/metrics/*: the customer's own numbers written by the server as the customer (issue 42). The caller
 * is the JWT's live user; nothing in the body says who. POST /import {series}: a CSV import's figures, all or none.
 */
export function metricsFunctionRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  // an import writes up to 15,000 rows in one statement: a few a minute is plenty for a person
  const perUser = createRateLimiter(ctx, { keyPrefix: 'fn-metrics-import-user', points: 30, durationSeconds: 3600 });
  async function importMetricsCsv(c: Context) {
    const claims = await liveUserClaims(ctx, c);
    if (!claims) return fail(c, 'not_authenticated', 'Please sign in to import your numbers.');
    const limit = await perUser.consume(claims.sub!);
    if (!limit.allowed) return functionsRateLimited(c, limit.retryAfterSeconds);
    const body = await readBody(c, importBodySchema);
    if ('invalid' in body) return fail(c, 'validation_failed', body.invalid);
    const refusal = refuseImport(body.series);
    if (refusal?.refused === 'empty') return fail(c, 'metrics_import_empty');
    if (refusal?.refused === 'too_many') return fail(c, 'metrics_import_too_large');
    if (refusal?.refused === 'problems') {
      return fail(c, 'metrics_import_refused', undefined, { extra: { problems: refusal.problems, total: refusal.total } });
    }
    try {
      const counts = await asUser(ctx.db, claims, (tx) => writeImport(tx, body.series));
      return c.json({ success: true, ...counts });
    } catch (err) {
      // checked above with the same rules; a refusal here (a check, a guard, RLS) rolled everything back
      const code = pgCode(err);
      if (code === '23514' || code === '42501') return fail(c, 'metrics_import_refused');
      throw err;
    }
  }
  app.post('/import', importMetricsCsv);
  app.all('/import', (c) => fail(c, 'method_not_allowed', undefined, { headers: { Allow: 'POST' } }));
  return app;
}

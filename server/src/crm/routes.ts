import { CRM_SORTS, crmContactFiltersSchema, crmImportBodySchema } from '@app/shared/crm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { asUser } from '../db/as-user.js';
import { functionsRateLimited } from '../errors/json.js';
import { fail } from '../functions/common.js';
import { parseJsonBody, safeText } from '../http/body.js';
import { LARGE_BODY_ROUTES } from '../http/json-shape.js';
import { createRateLimiter } from '../http/rate-limit.js';
import { MAINTENANCE_STATISTICS_TARGET } from '../db/pglite/maintenance.js';
import { liveUserClaims } from '../security/live-admin.js';
import { exportContacts } from './export.js';
import { checkRows, customFields, MAX_LISTED_PROBLEMS, writeImport, type ImportCounts } from './import.js';

const pgCode = (err: unknown) => (err && typeof err === 'object' && 'code' in err ? String((err as { code: unknown }).code) : undefined);
const pgMessage = (err: unknown) => (err instanceof Error ? err.message : 'Database error');

/** Thrown to roll a dry run's transaction back with its counts. */
class DryRun {
  constructor(readonly counts: ImportCounts) {}
}

const exportBodySchema = z
  .object({
    query: safeText().max(200).optional(),
    filters: crmContactFiltersSchema.optional(),
    sort: z.enum(CRM_SORTS).optional(),
  })
  .strict();

/**
 * /functions/v1/crm/*: the CRM's work that is more than one REST call (issue 43, docs/crm.md). The caller is the
 * JWT's live user; everything runs as that user under RLS. POST /import {rows, onDuplicate, dryRun?}: contacts from
 * a CSV, all or none. POST /export {query?, filters?, sort?}: the matching contacts as CSV.
 */
export function crmFunctionRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  // an import writes up to 20,000 rows in one statement; the preview's dry runs are cheaper and more frequent
  const imports = createRateLimiter(ctx, { keyPrefix: 'fn-crm-import-user', points: 30, durationSeconds: 3600 });
  const dryRuns = createRateLimiter(ctx, { keyPrefix: 'fn-crm-import-dry-user', points: 120, durationSeconds: 3600 });
  const exports = createRateLimiter(ctx, { keyPrefix: 'fn-crm-export-user', points: 60, durationSeconds: 3600 });

  async function importCrmCsv(c: Context) {
    const claims = await liveUserClaims(ctx, c);
    if (!claims) return fail(c, 'not_authenticated', 'Please sign in to import contacts.');
    const body = await parseJsonBody(c, crmImportBodySchema, LARGE_BODY_ROUTES['/functions/v1/crm/import']);
    if (!body.ok) return fail(c, 'validation_failed', body.message);
    const limit = await (body.data.dryRun ? dryRuns : imports).consume(claims.sub!);
    if (!limit.allowed) return functionsRateLimited(c, limit.retryAfterSeconds);
    const started = performance.now();
    try {
      // the plan and the custom fields first; the rows are checked outside any transaction (20,000 of them take a
      // while, and PGlite has one connection), then written in one
      const { allowed, fields } = await asUser(ctx.db, claims, async (tx) => ({
        allowed: (await tx.query<{ ok: boolean }>(`select public.has_feature('crm') as ok`)).rows[0]?.ok === true,
        fields: await customFields(tx),
      }));
      if (!allowed) return fail(c, 'crm_not_in_plan');
      const checked = checkRows(body.data.rows, fields);
      if (checked.problems.length) {
        const problems = checked.problems.slice(0, MAX_LISTED_PROBLEMS);
        return fail(c, 'crm_import_refused', undefined, { extra: { problems, total: checked.problems.length } });
      }
      const counts = await asUser(ctx.db, claims, async (tx) => {
        const written = await writeImport(tx, checked.rows, body.data.onDuplicate);
        if (body.data.dryRun) throw new DryRun(written);
        return written;
      });
      // thousands of new rows: statistics now, not at the next autovacuum (or PGlite maintenance) run, so the lists the
      // customer opens next are planned for the table as it is (a small sample, as the maintenance takes)
      if (counts.created >= 1000) {
        await ctx.db.transactionBatch(
          [{ sql: `set local default_statistics_target = ${MAINTENANCE_STATISTICS_TARGET}` }, { sql: 'analyze public.crm_contacts' }],
          { commitWithStatements: true },
        );
      }
      return c.json({ success: true, dryRun: false, ...counts, ms: Math.round(performance.now() - started) });
    } catch (err) {
      if (err instanceof DryRun) return c.json({ success: true, dryRun: true, ...err.counts, ms: Math.round(performance.now() - started) });
      // checked above with the same rules; a refusal by the database (a check, a unique address taken meanwhile,
      // RLS) rolled everything back
      const code = pgCode(err);
      if (code && ['23514', '23505', '23502', '22001', '42501'].includes(code)) {
        const problems = [{ row: 0, field: '', message: pgMessage(err) }];
        return fail(c, 'crm_import_refused', undefined, { extra: { problems, total: 1 } });
      }
      throw err;
    }
  }
  app.post('/import', importCrmCsv);
  app.all('/import', (c) => fail(c, 'method_not_allowed', undefined, { headers: { Allow: 'POST' } }));

  async function exportCrmCsv(c: Context) {
    const claims = await liveUserClaims(ctx, c);
    if (!claims) return fail(c, 'not_authenticated', 'Please sign in to export contacts.');
    const limit = await exports.consume(claims.sub!);
    if (!limit.allowed) return functionsRateLimited(c, limit.retryAfterSeconds);
    const body = await parseJsonBody(c, exportBodySchema);
    if (!body.ok) return fail(c, 'validation_failed', body.message);
    try {
      const { query = '', filters = {}, sort = 'name' } = body.data;
      const csv = await asUser(ctx.db, claims, (tx) => exportContacts(tx, query, filters, sort));
      const day = new Date().toISOString().slice(0, 10);
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="contacts-${day}.csv"`,
        'Cache-Control': 'no-store',
      });
    } catch (err) {
      // a filter the database refuses (unknown key, a value of the wrong type): the message says which
      if (/^22/.test(pgCode(err) ?? '')) return fail(c, 'validation_failed', pgMessage(err));
      throw err;
    }
  }
  app.post('/export', exportCrmCsv);
  app.all('/export', (c) => fail(c, 'method_not_allowed', undefined, { headers: { Allow: 'POST' } }));
  return app;
}

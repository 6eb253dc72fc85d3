import type { Statement } from './build-sql.js';
import type { Accepted } from './media-types.js';

/**
 * Accept: application/vnd.pgrst.plan (only with REST_EXPLAIN_ENABLED): the request's own statement under EXPLAIN,
 * still one statement with every value bound. The options come from a fixed list (media-types.ts).
 */
export function explained(stmt: Statement, plan: NonNullable<Accepted['plan']>): Statement {
  const options = [`format ${plan.format}`, ...plan.options].join(', ');
  return { sql: `explain (${options}) ${stmt.sql}`, params: stmt.params };
}

/** The plan's rows as the body: the JSON document, or the text lines. */
export function planBody(rows: Record<string, unknown>[], format: 'json' | 'text'): string {
  const values = rows.map((r) => r['QUERY PLAN']);
  if (format === 'json') return typeof values[0] === 'string' ? values[0] : JSON.stringify(values[0] ?? null);
  return values.map(String).join('\n');
}

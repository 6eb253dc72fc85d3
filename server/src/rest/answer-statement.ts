import type { Context } from 'hono';
import type { Statement } from './build-sql.js';
import { restFailure } from './errors.js';
import { runAsCaller, type CallerRequest, type ExecutorEnv, type ResultRow } from './execute.js';
import { explained, planBody } from './explain.js';
import { contentType, type Accepted } from './media-types.js';
import type { Preferences } from './preferences.js';
import { callerRequest } from './request-scope.js';
import type { Caller } from './request-role.js';
import type { RestDeps } from './rest-deps.js';
import { send, type Answer } from './respond.js';

/** What a handler decided for one request: the statement, how it runs, and how its result row is answered. */
export interface Execution {
  stmt: Statement;
  accepted: Accepted;
  readOnly: boolean;
  /** Runs before COMMIT; throwing rolls the request back (singularCheck). */
  check?: (row: ResultRow) => void;
  /** Prefer: tx=rollback. */
  rollback?: boolean;
  /** A group-commit lane (docs/decisions/0065). */
  coalesce?: string;
  answer: (row: ResultRow) => Answer;
}

/**
 * The shared tail of every /rest/v1 handler: Accept: vnd.pgrst.plan answers the plan; otherwise the statement runs
 * as the caller and its row becomes the answer.
 */
export async function answerStatement(deps: RestDeps, c: Context, caller: Caller, path: string, ex: Execution) {
  const req = callerRequest(c, caller, deps.ctx.config, path);
  if (ex.accepted.plan) return send(c, await answerPlan(deps.ctx, req, ex));
  const row = await runAsCaller(deps.ctx, req, ex.stmt, {
    readOnly: ex.readOnly,
    check: ex.check,
    rollback: ex.rollback,
    coalesce: ex.coalesce,
  });
  return send(c, ex.answer(row));
}

/** Accept: vnd.pgrst.plan: runs EXPLAIN of the statement (rolled back when ANALYZE ran a write) and answers the plan. */
async function answerPlan(env: ExecutorEnv, req: CallerRequest, ex: Execution): Promise<Answer> {
  const plan = ex.accepted.plan!;
  let rows: ResultRow[] = [];
  await runAsCaller(env, req, explained(ex.stmt, plan), {
    readOnly: ex.readOnly,
    check: (_row, all) => void (rows = all),
    rollback: !ex.readOnly,
    queryId: plan.options.includes('verbose'),
  });
  return {
    status: 200,
    body: planBody(rows as unknown as Record<string, unknown>[], plan.format),
    headers: {},
    type: contentType(ex.accepted),
  };
}

/** A singular answer (Accept: vnd.pgrst.object) needs exactly one row; handling=strict bounds max-affected. */
export function singularCheck(singular: boolean, prefs?: Preferences) {
  const strict = prefs?.handling === 'strict' && prefs.maxAffected !== undefined;
  // Nothing to check: the executor may then send a write's COMMIT with the statement (one round trip, issue 16).
  if (!singular && !strict) return undefined;
  return (row: ResultRow) => {
    const n = Number(row.page_total);
    if (singular && n !== 1) throw restFailure('notSingular', n);
    // handling=strict with max-affected: more rows than allowed fails (and so rolls back) the whole request.
    if (strict && n > prefs.maxAffected!) throw restFailure('maxAffectedExceeded', n);
  };
}

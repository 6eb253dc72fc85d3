import type { Config } from '../config.js';
import { rawQueryOfUrl } from '../http/body.js';
import { buildRead, type Statement } from './build-sql.js';
import { contentType, parseAccept, type Accepted } from './media-types.js';
import { pageOf, parsePrefer, parseRange, preferenceApplied } from './preferences.js';
import { parseQuery } from './parse-query.js';
import type { Relation, SchemaCache } from './schema-cache.js';

/** What a GET or HEAD of a table runs and answers with, derived from the URL, three headers and the schema cache only. */
export interface ReadPlan {
  stmt: Statement;
  accepted: Accepted;
  offset: number;
  type: string;
  preferenceApplied: string | undefined;
}

/** What a read plan depends on of the request: its URL and three headers (the handler reads them off the request). */
export interface ReadRequest {
  /** The request URL; its query string is parsed only when no plan is remembered for it. */
  url: string;
  prefer: string | undefined;
  accept: string | undefined;
  range: string | undefined;
}

/** Bounds each schema cache's read plans (a full map is emptied: plans are rebuilt on demand), and their keys. */
const MAX_READ_PLANS = 500;
const MAX_READ_PLAN_KEY = 2048;
const readPlans = new WeakMap<SchemaCache, Map<string, ReadPlan>>();

/**
 * The read plan of a GET/HEAD, remembered per schema cache by the raw query string, the method and the Prefer, Accept
 * and Range headers (issue 16, docs/decisions/0090): parsing the query string and writing the SQL were about a
 * twentieth of a catalogue read's server CPU. They are a pure function of those inputs, the process's config and the
 * schema cache (a reload is a new cache object, so it starts empty); who calls is not part of a plan (only whether
 * the caller is trusted, which decides the pattern rules of query-limits.ts): the role, claims and request settings reach SQL through the preamble (execute.ts) on every request. Requests that fail to
 * parse throw each time and are never remembered; nor are EXPLAIN requests (not a hot path).
 */
export function readPlan(
  config: Config,
  request: ReadRequest,
  cache: SchemaCache,
  rel: Relation,
  name: string,
  method: string,
  trusted: boolean,
): ReadPlan {
  const { prefer, accept } = request;
  const range = method === 'GET' ? request.range : undefined;
  const key = `${trusted ? 'S' : 'U'}${name}\u0000${method}\u0000${rawQueryOfUrl(request.url)}\u0000${prefer ?? '\u0001'}\u0000${accept ?? '\u0001'}\u0000${range ?? '\u0001'}`;
  let plans = readPlans.get(cache);
  const known = plans?.get(key);
  if (known) return known;
  const q = parseQuery(new URL(request.url).searchParams, undefined, trusted);
  q.aggregatesAllowed = config.REST_AGGREGATES_ENABLED;
  const prefs = parsePrefer(prefer);
  const accepted = parseAccept(accept, { planEnabled: config.REST_EXPLAIN_ENABLED });
  const page = pageOf(q.limit, q.offset, method === 'GET' ? parseRange(range) : null);
  const stmt = buildRead(cache, rel, q, page, {
    count: prefs.count !== undefined,
    countMethod: prefs.count,
    singular: accepted.singular,
    maxRows: config.REST_MAX_ROWS,
    body: { ...accepted, postgis: cache.postgis },
  });
  const plan: ReadPlan = {
    stmt,
    accepted,
    offset: page.offset,
    type: contentType(accepted),
    preferenceApplied: preferenceApplied(prefs, false),
  };
  if (accepted.plan || key.length > MAX_READ_PLAN_KEY) return plan;
  if (!plans) readPlans.set(cache, (plans = new Map()));
  if (plans.size >= MAX_READ_PLANS) plans.clear();
  plans.set(key, plan);
  return plan;
}

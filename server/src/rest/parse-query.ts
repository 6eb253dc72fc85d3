import type { ParsedQuery } from './ast.js';
import { parseError, restFailure } from './errors.js';
import { Cursor, readField, readIdentifier, splitTopLevel } from './parse-lexer.js';
import { parseFilterValue, parseLogic, parseOrder } from './parse-filter.js';
import { parseSelect } from './parse-select.js';
import { checkQueryLimits } from './query-limits.js';

/**
 * Query string -> AST, following PostgREST's URL grammar (reference §2.2-2.7). Pure: no schema, no SQL.
 * Anything it cannot read is a PGRST100 (400). Identifiers are only syntax-checked here; build-sql.ts
 * checks them against the schema cache. The grammar's parts: parse-lexer.ts, parse-select.ts, parse-filter.ts.
 */
const MAX_PARAM_LENGTH = 16_384;
const RESERVED = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset', 'and', 'or', 'not.and', 'not.or', 'apikey']);

function parseNonNegative(key: string, v: string): number {
  if (!/^-?\d{1,15}$/.test(v)) throw parseError(`failed to parse ${key} (${v})`, 'expecting an integer');
  const n = Number(v);
  if (n < 0) throw restFailure('negativeLimitOrOffset', key);
  return n;
}

function parseColumnList(key: string, v: string): string[] {
  return splitTopLevel(v, key).map((p) => {
    const c = new Cursor(p.trim());
    const id = readIdentifier(c, key);
    if (!c.done) throw parseError(`failed to parse ${key} (${v})`, `unexpected "${c.peek()}"`);
    return id;
  });
}

/** `messages.order=...`, `messages.limit=...`, `messages.or=(...)`, `messages.channels.id=eq.1`. */
function parseEmbeddedParam(q: ParsedQuery, key: string, value: string) {
  const segments = key.split('.');
  const last = segments.pop()!;
  let negate = false;
  if ((last === 'or' || last === 'and') && segments[segments.length - 1] === 'not') {
    segments.pop();
    negate = true;
  }
  if (!segments.length || segments.some((x) => !x)) throw parseError(`failed to parse filter (${key})`, 'empty embedded resource name');
  const path = segments.join('.');
  let mods = q.embedded.get(path);
  if (!mods) q.embedded.set(path, (mods = { where: [], order: [] }));
  switch (last) {
    case 'order':
      mods.order.push(...parseOrder(value));
      return;
    case 'limit':
      mods.limit = parseNonNegative('limit', value);
      return;
    case 'offset':
      mods.offset = parseNonNegative('offset', value);
      return;
    case 'or':
    case 'and':
      mods.where.push(parseLogic(last, negate, value));
      return;
  }
  if (RESERVED.has(last)) throw parseError(`failed to parse filter (${key})`, `unexpected "${last}"`);
  const c = new Cursor(last);
  const field = readField(c, `filter (${key})`);
  if (!c.done) throw parseError(`failed to parse filter (${key})`, `unexpected "${c.peek()}"`);
  mods.where.push(parseFilterValue(field, value));
}

/**
 * @param params the decoded query string
 * @param rpcArgNames for GET/HEAD /rpc/<fn>: parameters with these names are function arguments, not filters
 * @param trusted service_role: exempt from the pattern rules of query-limits.ts (never from its counts)
 */
export function parseQuery(params: URLSearchParams, rpcArgNames: ReadonlySet<string> = new Set(), trusted = false): ParsedQuery {
  const q: ParsedQuery = { select: [{ kind: 'star' }], where: [], order: [], embedded: new Map(), rpcArgs: {} };
  for (const [key, value] of params) {
    if (key.length > 256 || value.length > MAX_PARAM_LENGTH) throw parseError('failed to parse query string', 'parameter too long');
    if (rpcArgNames.has(key)) {
      q.rpcArgs[key] = value;
      continue;
    }
    switch (key) {
      case 'apikey':
        continue;
      case 'select':
        q.select = parseSelect(value.trim() || '*');
        continue;
      case 'order':
        q.order.push(...parseOrder(value));
        continue;
      case 'limit':
        q.limit = parseNonNegative('limit', value);
        continue;
      case 'offset':
        q.offset = parseNonNegative('offset', value);
        continue;
      case 'columns':
        q.columns = parseColumnList('columns', value);
        continue;
      case 'on_conflict':
        q.onConflict = parseColumnList('on_conflict', value);
        continue;
      case 'and':
      case 'or':
      case 'not.and':
      case 'not.or': {
        const negate = key.startsWith('not.');
        q.where.push(parseLogic(key.replace('not.', '') as 'and' | 'or', negate, value));
        continue;
      }
    }
    if (key.includes('.') && !key.includes('->')) {
      parseEmbeddedParam(q, key, value);
      continue;
    }
    const c = new Cursor(key);
    const field = readField(c, `filter (${key})`);
    if (!c.done) throw parseError(`failed to parse filter (${key})`, `unexpected "${c.peek()}"`);
    q.where.push(parseFilterValue(field, value));
  }
  checkQueryLimits(q, trusted);
  return q;
}

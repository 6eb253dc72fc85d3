import {
  IS_VALUES,
  OPERATORS,
  QUANTIFIABLE,
  type Aggregate,
  type Condition,
  type Field,
  type Filter,
  type JsonStep,
  type Operator,
  type OrderTerm,
  type ParsedQuery,
  type SelectItem,
} from './ast.js';
import { parseError, restError } from './errors.js';
import { checkQueryLimits } from './query-limits.js';

/**
 * Query string -> AST, following PostgREST's URL grammar (reference §2.2-2.7). Pure: no schema, no SQL.
 * Anything it cannot read is a PGRST100 (400). Identifiers are only syntax-checked here; build-sql.ts
 * checks them against the schema cache.
 */
const MAX_DEPTH = 8;
const MAX_PARAM_LENGTH = 16_384;
const IDENT_CHAR = /[\p{L}\p{N}_$]/u;
// Casts are not quoted in SQL, so only a fixed list of type names is accepted.
const CASTS = new Set([
  'text',
  'int',
  'int2',
  'int4',
  'int8',
  'integer',
  'bigint',
  'smallint',
  'numeric',
  'float4',
  'float8',
  'real',
  'boolean',
  'bool',
  'date',
  'time',
  'timestamp',
  'timestamptz',
  'json',
  'jsonb',
  'uuid',
  'varchar',
]);
const RESERVED = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset', 'and', 'or', 'not.and', 'not.or', 'apikey']);

class Cursor {
  i = 0;
  constructor(readonly s: string) {}
  get done() {
    return this.i >= this.s.length;
  }
  peek(n = 0) {
    return this.s[this.i + n];
  }
  startsWith(t: string) {
    return this.s.startsWith(t, this.i);
  }
  rest() {
    return this.s.slice(this.i);
  }
}

/** "quoted" (backslash escapes) or a run of identifier characters, with '-' allowed when not starting '->'. */
function readIdentifier(c: Cursor, what: string): string {
  if (c.peek() === '"') {
    c.i++;
    let out = '';
    while (!c.done && c.peek() !== '"') {
      if (c.peek() === '\\' && c.i + 1 < c.s.length) c.i++;
      out += c.s[c.i++];
    }
    if (c.done) throw parseError(`failed to parse ${what}`, 'unterminated quoted identifier');
    c.i++;
    if (!out) throw parseError(`failed to parse ${what}`, 'empty identifier');
    return out;
  }
  const start = c.i;
  while (!c.done && (IDENT_CHAR.test(c.peek()) || (c.peek() === '-' && c.peek(1) !== '>') || c.peek() === ' ')) c.i++;
  const id = c.s.slice(start, c.i).trim();
  if (!id) throw parseError(`failed to parse ${what} (${c.s})`, `unexpected "${c.peek() ?? 'end of input'}" expecting an identifier`);
  return id;
}

function readField(c: Cursor, what: string): Field {
  const column = readIdentifier(c, what);
  const path: JsonStep[] = [];
  while (c.startsWith('->')) {
    const arrow = c.startsWith('->>') ? '->>' : '->';
    c.i += arrow.length;
    const m = /^-?\d+(?![\p{L}_$])/u.exec(c.rest());
    if (m) {
      path.push({ arrow, key: Number(m[0]) });
      c.i += m[0].length;
    } else path.push({ arrow, key: readIdentifier(c, what) });
  }
  return { column, path };
}

/** Splits on top-level commas, respecting "quotes", (parens) and {braces}. */
export function splitTopLevel(s: string, what: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') {
      if (--depth < 0) throw parseError(`failed to parse ${what} (${s})`, 'unbalanced parentheses');
    } else if (ch === ',' && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted || depth !== 0) throw parseError(`failed to parse ${what} (${s})`, 'unbalanced quotes or parentheses');
  parts.push(s.slice(start));
  return parts;
}

function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

function checkCast(cast: string, part: string): string {
  if (!CASTS.has(cast)) throw parseError(`failed to parse select parameter (${part})`, `unsupported cast "${cast}"`);
  return cast;
}

/** Embedding is capped so that one request cannot plan a monster query (documented in ADR 0037). */
export const MAX_EMBED_DEPTH = 6;
export const MAX_EMBEDS = 32;
/**
 * Items of one select, at every level (issue 38): with REST_MAX_ROWS this bounds the size of an answer, which a
 * select repeating a long column under many aliases would otherwise multiply (a.description,b:description,…).
 */
export const MAX_SELECT_ITEMS = 100;

export function parseSelect(s: string, depth = 0, count = { embeds: 0, items: 0 }): SelectItem[] {
  if (depth > MAX_EMBED_DEPTH) throw parseError('failed to parse select parameter', `embedding is limited to ${MAX_EMBED_DEPTH} levels`);
  const items: SelectItem[] = [];
  for (const raw of splitTopLevel(s, 'select')) {
    const part = raw.trim();
    if (!part) throw parseError(`failed to parse select parameter (${s})`, 'empty select item');
    if (++count.items > MAX_SELECT_ITEMS)
      throw parseError('failed to parse select parameter', `at most ${MAX_SELECT_ITEMS} select items per request`);
    if (part === '*') {
      items.push({ kind: 'star' });
      continue;
    }
    const spread = part.startsWith('...');
    const c = new Cursor(spread ? part.slice(3) : part);
    let alias: string | undefined;
    const first = readIdentifier(c, 'select parameter');
    if (c.peek() === ':' && c.peek(1) !== ':') {
      alias = first;
      c.i++;
    } else {
      c.i = 0;
    }
    const countCall = /^count\(\)(?:::([\p{L}\p{N}_]+))?$/u.exec(c.rest());
    if (countCall) {
      items.push({ kind: 'count', alias, cast: countCall[1] ? checkCast(countCall[1].toLowerCase(), part) : undefined });
      continue;
    }
    // embedding: name[!hint](...)
    const embed = /^("[^"]+"|[\p{L}\p{N}_$-]+)((?:![\p{L}\p{N}_$]+)*)\((.*)\)$/su.exec(c.rest());
    if (embed) {
      if (++count.embeds > MAX_EMBEDS)
        throw parseError('failed to parse select parameter', `at most ${MAX_EMBEDS} embedded resources per request`);
      const relation = unquote(embed[1]);
      let inner = false;
      let hint: string | undefined;
      for (const mod of embed[2].split('!').slice(1)) {
        if (mod === 'inner') inner = true;
        else if (mod === 'left') inner = false;
        else if (hint === undefined) hint = mod;
        else throw parseError(`failed to parse select parameter (${part})`, 'more than one hint');
      }
      const body = embed[3].trim();
      const item: SelectItem = { kind: 'embed', relation, alias, hint, inner, select: body ? parseSelect(body, depth + 1, count) : [] };
      if (spread) item.spread = true;
      items.push(item);
      continue;
    }
    if (spread)
      throw parseError(`failed to parse select parameter (${part})`, 'a spread needs an embedded resource like ...relation(columns)');
    const field = readField(c, 'select parameter');
    let cast: string | undefined;
    const tail = /^(?:::([\p{L}\p{N}_]+))?(?:\.(count|sum|avg|min|max)\(\)(?:::([\p{L}\p{N}_]+))?)?$/u.exec(c.rest().trim());
    if (!tail) throw parseError(`failed to parse select parameter (${part})`, `unexpected "${c.peek()}"`);
    if (tail[1]) cast = checkCast(tail[1].toLowerCase(), part);
    const item: SelectItem = { kind: 'column', field, alias, cast };
    if (tail[2]) item.aggregate = tail[2] as Aggregate;
    if (tail[3]) item.aggCast = checkCast(tail[3].toLowerCase(), part);
    items.push(item);
  }
  return items;
}

/** In-list: (a,b,"c,d") -> ['a', 'b', 'c,d']. */
function parseList(v: string, what: string): string[] {
  if (!v.startsWith('(') || !v.endsWith(')')) throw parseError(`failed to parse ${what}`, 'expecting a list like (a,b)');
  const inner = v.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner, what).map((x) => unquote(x.trim()));
}

/** `[not.]op[(any|all)|(config)].value` for a field already read. */
export function parseFilterValue(field: Field, raw: string, inTree = false): Filter {
  const what = `filter (${raw})`;
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([\p{L}\p{N}_]+)\))?\.([\s\S]*)$/u.exec(rest);
  if (!m || !(m[1] in OPERATORS))
    throw parseError(`failed to parse ${what}`, 'unexpected input, expecting "not" or an operator (eq, gt, ...)');
  const op = m[1] as Operator;
  const modifier = m[2];
  let value = m[3];
  if (inTree) value = unquote(value);
  const filter: Filter = { kind: 'filter', field, negate, op, value };
  if (modifier) {
    if ((modifier === 'any' || modifier === 'all') && QUANTIFIABLE.has(op)) filter.quantifier = modifier;
    else if (op === 'fts' || op === 'plfts' || op === 'phfts' || op === 'wfts') filter.ftsConfig = modifier;
    else throw parseError(`failed to parse ${what}`, `unexpected modifier "${modifier}"`);
  }
  if (op === 'in') filter.value = parseList(value, what);
  if (op === 'is' && !(IS_VALUES as readonly string[]).includes(value.toLowerCase())) {
    throw parseError(`failed to parse ${what}`, 'expecting null, not_null, true, false or unknown');
  }
  if (op === 'is') filter.value = value.toLowerCase();
  if (filter.quantifier && !/^\{.*\}$/s.test(value)) throw parseError(`failed to parse ${what}`, 'expecting an array literal like {a,b}');
  return filter;
}

/** `(a.eq.1,and(b.gt.2,c.lt.3),not.or(...))` */
export function parseLogic(op: 'and' | 'or', negate: boolean, raw: string, depth = 0): Condition {
  if (depth > MAX_DEPTH) throw parseError(`failed to parse logic tree (${raw})`, 'nested too deeply');
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError(`failed to parse logic tree (${raw})`, 'expecting "("');
  const children = splitTopLevel(raw.slice(1, -1), 'logic tree').map((part): Condition => {
    const p = part.trim();
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(p);
    if (nested) return parseLogic(nested[2] as 'and' | 'or', !!nested[1], nested[3], depth + 1);
    const c = new Cursor(p);
    const field = readField(c, `logic tree (${raw})`);
    if (c.peek() !== '.')
      throw parseError(`failed to parse logic tree (${raw})`, `unexpected "${c.peek() ?? 'end of input'}" expecting "."`);
    return parseFilterValue(field, p.slice(c.i + 1), true);
  });
  if (children.length === 0) throw parseError(`failed to parse logic tree (${raw})`, 'empty logic tree');
  return { kind: 'logic', op, negate, children };
}

export function parseOrder(s: string): OrderTerm[] {
  return splitTopLevel(s, 'order').map((part) => {
    const c = new Cursor(part.trim());
    let field = readField(c, `order (${s})`);
    let relation: string | undefined;
    if (c.peek() === '(' && !field.path.length) {
      // rel(col): order by a column of an embedded to-one resource
      relation = field.column;
      c.i++;
      field = readField(c, `order (${s})`);
      if (c.peek() !== ')') throw parseError(`failed to parse order (${s})`, `unexpected "${c.peek() ?? 'end of input'}" expecting ")"`);
      c.i++;
    }
    const term: OrderTerm = relation ? { field, relation } : { field };
    for (const mod of c.rest().split('.').slice(1)) {
      if (mod === 'asc' || mod === 'desc') term.direction = mod;
      else if (mod === 'nullsfirst' || mod === 'nullslast') term.nulls = mod;
      else throw parseError(`failed to parse order (${s})`, 'unexpected input, expecting "asc", "desc", "nullsfirst" or "nullslast"');
    }
    if (c.rest() && !c.rest().startsWith('.')) throw parseError(`failed to parse order (${s})`, `unexpected "${c.peek()}"`);
    return term;
  });
}

function parseNonNegative(key: string, v: string): number {
  if (!/^-?\d{1,15}$/.test(v)) throw parseError(`failed to parse ${key} (${v})`, 'expecting an integer');
  const n = Number(v);
  if (n < 0)
    throw restError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `${key === 'limit' ? 'Limit' : 'Offset'} should be greater than or equal to zero.`,
    );
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

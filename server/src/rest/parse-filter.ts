import { IS_VALUES, OPERATORS, QUANTIFIABLE, type Condition, type Field, type Filter, type Operator, type OrderTerm } from './ast.js';
import { parseError } from './errors.js';
import { Cursor, readField, splitTopLevel, unquote } from './parse-lexer.js';

// Filters, logic trees (and=, or=) and order= (reference §2.4-2.6).
const MAX_DEPTH = 8;

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

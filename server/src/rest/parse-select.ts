import type { Aggregate, SelectItem } from './ast.js';
import { parseError } from './errors.js';
import { Cursor, readField, readIdentifier, splitTopLevel, unquote } from './parse-lexer.js';

// select=: columns, aliases, casts, aggregates, embedded resources and spreads (reference §2.3).
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

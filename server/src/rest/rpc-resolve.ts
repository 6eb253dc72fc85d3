import { restFailure } from './errors.js';
import type { Routine, SchemaCache } from './schema-cache.js';

/**
 * Which overload of /rpc/<name> a call means, as PostgREST decides it (its findProc): a function matches when every
 * argument key names one of its parameters and every parameter without a default has a key. When none matches, a
 * POSTed JSON body may go whole to a function with a single unnamed json/jsonb parameter.
 */
export interface Resolved {
  fn: Routine;
  /** The arguments to pass; for a single unnamed parameter, under the key ''. */
  args: Record<string, unknown>;
}

const signature = (schema: string, r: Routine) => `${schema}.${r.name}(${r.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;

/** Levenshtein distance (names are at most 63 characters, so the quadratic table is small). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** PostgREST suggests the closest function name when the name itself is unknown. */
function closestName(cache: SchemaCache, name: string): string | undefined {
  let best: { n: string; score: number } | undefined;
  for (const n of cache.routines.keys()) {
    const score = 1 - distance(n, name) / Math.max(n.length, name.length);
    if (score >= 0.6 && (!best || score > best.score)) best = { n, score };
  }
  return best?.n;
}

export function resolveRoutine(cache: SchemaCache, name: string, body: Record<string, unknown>, isPost: boolean): Resolved {
  const candidates = cache.routines.get(name) ?? [];
  const keys = Object.keys(body);
  const named = candidates.filter(
    (r) => keys.every((k) => r.args.some((a) => a.name === k)) && r.args.every((a) => a.hasDefault || keys.includes(a.name)),
  );
  const whole = candidates.filter(
    (r) => isPost && r.args.length === 1 && r.args[0].name === '' && (r.args[0].type === 'json' || r.args[0].type === 'jsonb'),
  );
  if (named.length === 1) return { fn: named[0], args: body };
  const ambiguous = named.length > 1 ? named : whole.length > 1 ? whole : undefined;
  if (ambiguous) {
    const list = [...ambiguous].sort(
      (a, b) => a.args.length - b.args.length || signature(cache.schema, a).localeCompare(signature(cache.schema, b)),
    );
    throw restFailure(
      'functionAmbiguous',
      list.map((r) => signature(cache.schema, r)),
    );
  }
  if (whole.length === 1) return { fn: whole[0], args: { '': body } };
  const suggestion = candidates.length ? undefined : closestName(cache, name);
  throw restFailure('functionNotFound', { schema: cache.schema, name, keys: [...keys].sort(), isPost, suggestion });
}

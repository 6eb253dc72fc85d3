import { restFailure } from './errors.js';

/**
 * The Accept header, as PostgREST 13 reads it: JSON arrays (default), one object (vnd.pgrst.object+json), either
 * with `nulls=stripped`, CSV, GeoJSON, and the query plan (vnd.pgrst.plan, only when REST_EXPLAIN_ENABLED).
 * The first acceptable media range wins; none acceptable is 406 PGRST107.
 */
export type PlanOption = 'analyze' | 'verbose' | 'settings' | 'buffers' | 'wal';

export interface Accepted {
  singular: boolean;
  format: 'json' | 'csv' | 'geojson';
  stripNulls: boolean;
  /** EXPLAIN instead of the result: its output format and options. */
  plan?: { format: 'json' | 'text'; options: PlanOption[] };
}

/** In PostgREST's order (MediaType.hs getPlan): EXPLAIN gets them in this order whatever the header's order. */
const PLAN_OPTIONS: readonly PlanOption[] = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];
const ANY_JSON = new Set([
  '*/*',
  'application/*',
  'application/json',
  'application/vnd.pgrst.array+json',
  'application/vnd.pgrst.array',
  '',
]);

interface MediaRange {
  type: string;
  params: Map<string, string>;
}

/** `type/sub; k=v; k="v"` (values may be quoted; a quoted `for` may itself hold ';'-free parameters). */
function parseRange(raw: string): MediaRange {
  const [type, ...rest] = raw.split(';');
  const params = new Map<string, string>();
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    params.set(
      p.slice(0, eq).trim().toLowerCase(),
      p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return { type: type.trim().toLowerCase(), params };
}

/** One media range -> what to answer, or undefined when not acceptable. */
function accept(m: MediaRange, planEnabled: boolean): Accepted | undefined {
  const stripNulls = m.params.get('nulls') === 'stripped';
  if (ANY_JSON.has(m.type)) return { singular: false, format: 'json', stripNulls };
  if (m.type === 'application/vnd.pgrst.object+json' || m.type === 'application/vnd.pgrst.object')
    return { singular: true, format: 'json', stripNulls };
  if (m.type === 'text/csv') return { singular: false, format: 'csv', stripNulls: false };
  if (m.type === 'application/geo+json') return { singular: false, format: 'geojson', stripNulls: false };
  const plan = /^application\/vnd\.pgrst\.plan(?:\+(json|text))?$/.exec(m.type);
  if (plan && planEnabled) {
    const target = accept(parseRange(m.params.get('for') ?? 'application/json'), false);
    if (!target) return undefined;
    // As PostgREST: option names match exactly (values keep their case), unknown ones are ignored.
    const asked = new Set((m.params.get('options') ?? '').split('|'));
    const options = PLAN_OPTIONS.filter((o) => asked.has(o));
    return { ...target, plan: { format: plan[1] === 'json' ? 'json' : 'text', options } };
  }
  return undefined;
}

export function parseAccept(header: string | undefined, opts: { planEnabled?: boolean } = {}): Accepted {
  if (!header || !header.trim()) return { singular: false, format: 'json', stripNulls: false };
  // Commas inside a quoted `for="..."` do not separate media ranges.
  for (const raw of header.match(/(?:[^,"]|"[^"]*")+/g) ?? []) {
    const found = accept(parseRange(raw), opts.planEnabled ?? false);
    if (found) return found;
  }
  throw restFailure('mediaTypeNotAvailable', header);
}

/** PostgREST's name of a media type (MediaType.hs toMime), as a plan's `for` names it. */
function mimeOf(a: Accepted): string {
  if (a.format === 'csv') return 'text/csv';
  if (a.format === 'geojson') return 'application/geo+json';
  if (a.singular) return `application/vnd.pgrst.object+json${a.stripNulls ? ';nulls=stripped' : ''}`;
  return a.stripNulls ? 'application/vnd.pgrst.array+json;nulls=stripped' : 'application/json';
}

/** The Content-Type of a successful answer (a plan's names its `for` and its options, as PostgREST's does). */
export function contentType(a: Accepted): string {
  if (a.plan) {
    const options = a.plan.options.length ? `; options=${a.plan.options.join('|')}` : '';
    return `application/vnd.pgrst.plan+${a.plan.format}; for="${mimeOf(a)}"${options}; charset=utf-8`;
  }
  if (a.format === 'csv') return 'text/csv; charset=utf-8';
  if (a.format === 'geojson') return 'application/geo+json; charset=utf-8';
  return 'application/json; charset=utf-8';
}

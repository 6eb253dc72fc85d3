import { restFailure } from './errors.js';

/** The Prefer header (reference §3.7): several headers and/or comma-separated values; first occurrence wins. */
export interface Preferences {
  return?: 'minimal' | 'headers-only' | 'representation';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  /** tx=rollback: run the request, answer as usual, then roll it back (PostgREST's commit-allow-override). */
  tx?: 'commit' | 'rollback';
  /** handling=strict makes max-affected binding (PGRST124 beyond it). */
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
}

const ALLOWED: Record<keyof Preferences, readonly string[]> = {
  return: ['minimal', 'headers-only', 'representation'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
  maxAffected: [],
};

export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Record<string, string> = {};
  for (const item of (header ?? '').split(',')) {
    const [k, v] = item
      .trim()
      .split('=')
      .map((s) => s?.trim());
    if (k === 'max-affected' && v && /^\d{1,9}$/.test(v) && !('maxAffected' in prefs)) {
      prefs.maxAffected = v;
      continue;
    }
    if (k && v && k in ALLOWED && (ALLOWED as Record<string, readonly string[]>)[k].includes(v) && !(k in prefs)) prefs[k] = v;
  }
  const { maxAffected, ...rest } = prefs;
  return { ...(rest as Omit<Preferences, 'maxAffected'>), ...(maxAffected !== undefined ? { maxAffected: Number(maxAffected) } : {}) };
}

/** The Preference-Applied header, in PostgREST's order. */
export function preferenceApplied(p: Preferences, mutation: boolean): string | undefined {
  const out: string[] = [];
  if (mutation && p.resolution) out.push(`resolution=${p.resolution}`);
  if (mutation && p.missing) out.push(`missing=${p.missing}`);
  if (mutation && p.return) out.push(`return=${p.return}`);
  if (p.count) out.push(`count=${p.count}`);
  if (p.tx) out.push(`tx=${p.tx}`);
  if (mutation && p.handling) out.push(`handling=${p.handling}`);
  if (mutation && p.handling === 'strict' && p.maxAffected !== undefined) out.push(`max-affected=${p.maxAffected}`);
  return out.length ? out.join(', ') : undefined;
}

/** Range: a-b (GET only). Returns null when absent or malformed (PostgREST ignores those). */
export function parseRange(header: string | undefined): { from: number; to: number | null } | null {
  const m = header ? /^(?:items=)?(\d{1,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] === '' ? null : Number(m[2]);
  if (to !== null && from > to) {
    throw restFailure('rangeBoundsReversed');
  }
  return { from, to };
}

/** Intersects limit/offset with the Range header. */
export function pageOf(limit: number | undefined, offset: number | undefined, range: { from: number; to: number | null } | null) {
  let from = offset ?? 0;
  let to: number | null = limit === undefined ? null : from + limit - 1;
  if (range) {
    from = Math.max(from, range.from);
    if (range.to !== null) to = to === null ? range.to : Math.min(to, range.to);
  }
  return { offset: from, limit: to === null ? null : Math.max(0, to - from + 1) };
}

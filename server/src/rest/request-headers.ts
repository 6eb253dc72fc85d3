import type { Context } from 'hono';
import { nodeRequest } from '../http/node-io.js';

const HIDDEN = new Set(['cookie', 'authorization', 'apikey']);

/**
 * Headers passed to SQL as request.headers: lower-cased, without cookies and credentials, as `Headers.forEach`
 * yields them (names sorted, repeated fields joined with ", ", a repeated set-cookie keeps its last value).
 * On Node they are read from the parser's raw list: `c.req.raw.headers` would make @hono/node-server build an
 * undici Headers (validation and a copy of every field) on each REST request (issue 16, ADR 0076).
 */
export function requestHeadersJson(c: Context): string {
  const raw = nodeRequest(c)?.rawHeaders;
  if (!raw) return fromHeaders(c.req.raw.headers);
  const out = new Map<string, string>();
  for (let i = 0; i < raw.length; i += 2) {
    const k = raw[i]!.toLowerCase();
    if (HIDDEN.has(k)) continue;
    const prev = out.get(k);
    out.set(k, prev === undefined || k === 'set-cookie' ? raw[i + 1]! : `${prev}, ${raw[i + 1]!}`);
  }
  const names = [...out.keys()].sort();
  const obj: Record<string, string> = {};
  for (const k of names) obj[k] = out.get(k)!;
  return JSON.stringify(obj);
}

function fromHeaders(headers: Headers): string {
  const out: Record<string, string> = {};
  headers.forEach((v, k) => {
    if (!HIDDEN.has(k)) out[k] = v;
  });
  return JSON.stringify(out);
}

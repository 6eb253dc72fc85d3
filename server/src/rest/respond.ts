import type { Context } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { nodeResponse } from '../http/node-io.js';
import { restFailure } from './errors.js';
import type { ResultRow } from './execute.js';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** A successful answer: status, body (null for none), headers (undefined ones are left out) and media type. */
export interface Answer {
  status: StatusCode;
  body: string | null;
  headers: Record<string, string | undefined>;
  type?: string;
}

export function send(c: Context, { status, body, headers, type = JSON_TYPE }: Answer) {
  // On Node the answer's own headers go onto the outgoing response (merged at writeHead, as the security headers
  // are) and the Response keeps one plain header: hono's c.header() builds an undici Headers per response, and
  // more than one header in c.body() does too (issue 16, ADR 0076). Outside Node (app.request()): c.header().
  const out = nodeResponse(c);
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    if (out) out.setHeader(k, v);
    else c.header(k, v);
  }
  if (body === null || c.req.method === 'HEAD') return c.body(null, status);
  if (out) return c.body(body, status as ContentfulStatusCode, { 'Content-Type': type });
  c.header('Content-Type', type);
  return c.body(body, status as ContentfulStatusCode);
}

/** Content-Range and status of a page of a read (reference §2.8); an offset past the rows is PGRST103. */
export function pageAnswer(row: ResultRow, offset: number, headers: Record<string, string | undefined>, type = JSON_TYPE): Answer {
  const n = Number(row.page_total);
  const total = num(row.total);
  if (total !== null && offset > total && !(offset === 0 && total === 0)) throw restFailure('offsetPastRows', offset, total);
  const range = n > 0 ? `${offset}-${offset + n - 1}` : '*';
  const status = total !== null && n < total ? 206 : 200;
  return { status, body: row.body, headers: { ...headers, 'Content-Range': `${range}/${total ?? '*'}` }, type };
}

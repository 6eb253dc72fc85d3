import type { Context } from 'hono';
import { z } from 'zod';
import { jsonShapeProblem, MAX_JSON_DEPTH, MAX_JSON_MEMBERS, type JsonShapeCaps } from './json-shape.js';

/**
 * Text that may reach SQL must be storable: PostgreSQL refuses NUL (\u0000) in text and jsonb and any
 * invalid UTF-8, and an unpaired UTF-16 surrogate has no UTF-8 form (drivers silently turn it into U+FFFD,
 * storing something the client never sent). Such input is a 400 with a clear message, never a 500 from the
 * database (issue 12 #9). One place for the rules: this file. The middleware in ./input-guard.ts applies
 * them to every request under /api, /functions/v1 and /auth/v1; handlers read bodies with readJsonBody /
 * parseJsonBody below and may add safeText() to their zod schemas.
 */

// An unpaired surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const NUL_MESSAGE = 'must not contain NUL (\\u0000) characters';
export const SURROGATE_MESSAGE = 'must be valid Unicode text (it contains an unpaired surrogate)';

/** Why `s` cannot be stored as text, or null when it can. */
export function textProblem(s: string): string | null {
  if (s.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(s)) return SURROGATE_MESSAGE;
  return null;
}

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** `s` with what textProblem refuses (NUL, unpaired surrogates) replaced by U+FFFD: text we must keep, not refuse. */
export function sanitiseText(s: string): string {
  return s.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATES, '\uFFFD');
}

/** A zod string that refuses NUL and unpaired surrogates, for schemas of query strings and bodies. */
export const safeText = () =>
  z.string().superRefine((s, ctx) => {
    const problem = textProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * The first string (value or object key) in a parsed JSON value that cannot be stored, as "path: problem".
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnsafeText(value: unknown, root = 'body'): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return `${path} ${problem}`;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const keyProblem = textProblem(k);
        if (keyProblem) return `${path}: a key ${keyProblem}`;
        stack.push([child, path === root ? k : `${path}.${k}`]);
      }
    }
  }
  return null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as UTF-8 text, or null when they are not valid UTF-8. */
export function decodeUtf8(bytes: ArrayBuffer | Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

export type BodyProblem = 'invalid_utf8' | 'invalid_json' | 'json_too_complex' | 'unsafe_text';
export type JsonBody = { ok: true; value: unknown } | { ok: false; problem: BodyProblem; message: string };

export const INVALID_UTF8_MESSAGE = 'Request body is not valid UTF-8';
export const INVALID_JSON_MESSAGE = 'Request body must be JSON';

/**
 * The request body as JSON: valid UTF-8, within the shape caps of ./json-shape.ts, valid JSON, no NUL or unpaired
 * surrogates in any string or key.
 */
export async function readJsonBody(
  c: Context,
  caps: JsonShapeCaps = { depth: MAX_JSON_DEPTH, members: MAX_JSON_MEMBERS },
): Promise<JsonBody> {
  const text = decodeUtf8(await c.req.arrayBuffer());
  if (text === null) return { ok: false, problem: 'invalid_utf8', message: INVALID_UTF8_MESSAGE };
  const shape = jsonShapeProblem(text, caps);
  if (shape) return { ok: false, problem: 'json_too_complex', message: shape };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'invalid_json', message: INVALID_JSON_MESSAGE };
  }
  const unsafe = findUnsafeText(value);
  if (unsafe) return { ok: false, problem: 'unsafe_text', message: unsafe };
  return { ok: true, value };
}

export type ParsedBody<T> = { ok: true; data: T } | { ok: false; problem: BodyProblem | 'invalid_body'; message: string; field?: string };

/** readJsonBody, then `schema`: the typed body, or the first problem with a message a client can show. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S, caps?: JsonShapeCaps): Promise<ParsedBody<z.infer<S>>> {
  const body = await readJsonBody(c, caps);
  if (!body.ok) return body;
  const r = schema.safeParse(body.value);
  if (r.success) return { ok: true, data: r.data };
  const issue = r.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  return { ok: false, problem: 'invalid_body', message: issue?.message ?? 'Invalid request body', field };
}

/** A parameter name fit to echo in a message: control characters and surrogates become '?'. */
const printable = (s: string) => [...s].map((ch) => (ch.charCodeAt(0) < 0x20 || textProblem(ch) ? '?' : ch)).join('');

/**
 * The first problem in a raw query string ("a=1&b=%00"), or null: every name and value must be valid
 * percent-encoded UTF-8 and storable text. (URLSearchParams would quietly turn bad bytes into U+FFFD.)
 */
export function queryProblem(rawQuery: string): string | null {
  if (!rawQuery) return null;
  for (const pair of rawQuery.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const parts = eq < 0 ? [pair] : [pair.slice(0, eq), pair.slice(eq + 1)];
    const decoded: string[] = [];
    for (const part of parts) {
      try {
        decoded.push(decodeURIComponent(part.replace(/\+/g, ' ')));
      } catch {
        return 'Query string is not valid percent-encoded UTF-8';
      }
    }
    const name = decoded[0]!.slice(0, 40);
    for (const d of decoded) {
      const problem = textProblem(d);
      if (problem) return `Query parameter ${JSON.stringify(printable(name))} ${problem}`;
    }
  }
  return null;
}

/** The raw query string of the request (without '?'). */
export function rawQueryOf(c: Context): string {
  return rawQueryOfUrl(c.req.url);
}

/** The query string of a URL as the client sent it: after `?`, without a fragment. */
export function rawQueryOfUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return '';
  const hash = url.indexOf('#', q);
  return url.slice(q + 1, hash < 0 ? undefined : hash);
}

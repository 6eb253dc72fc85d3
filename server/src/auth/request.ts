import type { Context } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { bearerWord, readAuthorization } from '../http/bearer.js';
import { clientIp } from '../http/client-ip.js';
import { authError, validationFailed } from '../errors/auth.js';

/** Who is calling: socket IP (or trusted proxy hop) and user agent. */
export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
}

export const requestMeta = (c: Context, ctx: AppContext): RequestMeta => ({
  ip: clientIp(c, ctx.config),
  userAgent: c.req.header('user-agent')?.slice(0, 512),
});

// auth-js sends JSON null for absent options (code_challenge: null); GoTrue treats null as missing.
function dropNulls(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null));
}

// Lenient as Response.text() is: invalid bytes become U+FFFD, a leading BOM is dropped.
const lenientUtf8 = new TextDecoder('utf-8');

/** Parses the JSON body against `schema` (unknown keys ignored), answering GoTrue's 400s. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  // The bytes, decoded here: after the input guard has read them (hono caches the ArrayBuffer), c.req.text() would
  // build an undici Response with a body stream to decode them again (issue 16).
  const text = lenientUtf8.decode(await c.req.arrayBuffer());
  let json: unknown = {};
  if (text.trim()) {
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw authError('bad_json', `Could not parse request body as JSON: ${err instanceof Error ? err.message : 'invalid JSON'}`);
    }
  }
  const parsed = schema.safeParse(dropNulls(json));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw validationFailed(issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid request body');
  }
  return parsed.data;
}

/** The token of `Authorization: Bearer <token>` (case-insensitive), or a 401 no_authorization. */
export function bearerToken(c: Context): string {
  const token = bearerWord(readAuthorization(c), 'one-space');
  if (!token) throw authError('no_authorization');
  return token;
}

export const emailSchema = z
  .string()
  .trim()
  .max(255, 'An email address is too long')
  .transform((s) => s.toLowerCase())
  .pipe(z.string().email('Unable to validate email address: invalid format'));

/** Same as emailSchema but answers GoTrue's message in a thrown 400. */
export function parseEmail(value: unknown): string {
  const r = emailSchema.safeParse(value);
  if (!r.success) throw validationFailed(r.error.issues[0]?.message ?? 'Unable to validate email address: invalid format');
  return r.data;
}

/** PKCE parameters: both or neither; challenge 43-128 chars of [A-Za-z0-9._~-]; method s256/plain. */
export const pkceFields = {
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
};

export function parsePkce(b: {
  code_challenge?: string;
  code_challenge_method?: string;
}): { challenge: string; method: 's256' | 'plain' } | undefined {
  const challenge = b.code_challenge || undefined;
  const method = b.code_challenge_method?.toLowerCase() || undefined;
  if (!challenge && !method) return undefined;
  if (!challenge || !method) throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  if (method !== 's256' && method !== 'plain') throw validationFailed(`code challenge method not supported: ${method}`);
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) throw validationFailed('code challenge has to be between 43 and 128 characters');
  return { challenge, method };
}

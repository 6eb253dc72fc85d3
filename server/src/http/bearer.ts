import type { Context } from 'hono';

/**
 * The one reader of the `Authorization` header (docs/decisions/0200). The header's value, trimmed, is split once:
 * - absent: no header at all (REST then falls back to the apikey);
 * - other: a value that is not the word "bearer" (any case) alone or followed by whitespace;
 * - bearer: `gap` is the whitespace after the scheme word ('' for "Bearer" alone), `token` the rest ('' when none).
 * The callers still differ in how strict they are (a single space or any whitespace; one word or any text), exactly
 * as before; bearer.test.ts pins each reading against the regular expression it replaced.
 */
export type Authorization = { scheme: 'absent' } | { scheme: 'other' } | { scheme: 'bearer'; gap: string; token: string };

/** The raw header, for the schemes that are not Bearer (OAuth client_secret_basic, the /metrics scraper). */
export const authorizationHeader = (c: Context): string | undefined => c.req.header('authorization');

export function parseAuthorization(header: string | undefined): Authorization {
  if (header === undefined) return { scheme: 'absent' };
  const m = /^bearer(?:(\s+)(.*))?$/i.exec(header.trim());
  if (!m) return { scheme: 'other' };
  return { scheme: 'bearer', gap: m[1] ?? '', token: (m[2] ?? '').trim() };
}

export const readAuthorization = (c: Context): Authorization => parseAuthorization(authorizationHeader(c));

/**
 * A Bearer token that is one word, or null. `gap`: 'one-space' = "Bearer <token>" with exactly one space (what
 * /auth/v1 accepts, as GoTrue does); 'whitespace' = any run of whitespace (the admin checks of /api and /functions).
 */
export function bearerWord(auth: Authorization, gap: 'one-space' | 'whitespace'): string | null {
  if (auth.scheme !== 'bearer' || !/^\S+$/.test(auth.token)) return null;
  if (gap === 'one-space' ? auth.gap !== ' ' : auth.gap === '') return null;
  return auth.token;
}

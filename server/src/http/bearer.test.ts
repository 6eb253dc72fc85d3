import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bearerWord, parseAuthorization, readAuthorization, type Authorization } from './bearer.js';

/*
 * The three bearer parsers this module replaced, verbatim, as the reference (docs/decisions/0200). Their
 * differences are kept on purpose, because each is wire behaviour:
 * - REST (rest/request-role.ts): any whitespace after "bearer", the token is the rest (spaces included), "Bearer"
 *   alone is an empty JWT (PGRST301), another scheme is "Expected Bearer authorization", no header = the apikey.
 * - /auth/v1 (auth/request.ts): exactly one space, one word; anything else = no_authorization.
 * - admin checks (security/live-admin.ts): any whitespace, one word; anything else = no_token.
 * All three trim the header and read "bearer" in any case.
 */
const before = {
  rest(h: string | undefined): 'absent' | 'other' | string {
    if (h === undefined) return 'absent';
    const m = /^bearer(?:\s+(.*))?$/i.exec(h.trim());
    return m ? (m[1] ?? '').trim() : 'other';
  },
  auth: (h: string | undefined) => /^bearer (\S+)$/i.exec(h?.trim() ?? '')?.[1] ?? null,
  liveAdmin: (h: string | undefined) => /^bearer\s+(\S+)$/i.exec(h?.trim() ?? '')?.[1] ?? null,
};

const now = {
  rest(h: string | undefined): 'absent' | 'other' | string {
    const a: Authorization = parseAuthorization(h);
    return a.scheme === 'bearer' ? a.token : a.scheme;
  },
  auth: (h: string | undefined) => bearerWord(parseAuthorization(h), 'one-space'),
  liveAdmin: (h: string | undefined) => bearerWord(parseAuthorization(h), 'whitespace'),
};

const cases: (string | undefined)[] = [
  undefined,
  '',
  '   ',
  'Bearer',
  'bearer',
  'Bearer ',
  'Bearer abc.def.ghi',
  'bearer abc.def.ghi',
  'BEARER abc.def.ghi',
  'Bearer  abc.def.ghi',
  'Bearer\tabc.def.ghi',
  '  Bearer abc.def.ghi  ',
  'Bearer abc def',
  'Bearerabc',
  'Basic dXNlcjpwYXNz',
  'Token abc',
  'Bearer \u00a0abc',
  'Bearer abc\u00a0',
  'Bearer a\nb',
];

describe('parseAuthorization', () => {
  it.each(cases.map((h) => [JSON.stringify(h), h]))('reads %s as each caller read it before', (_, h) => {
    expect(now.rest(h)).toBe(before.rest(h));
    expect(now.auth(h)).toBe(before.auth(h));
    expect(now.liveAdmin(h)).toBe(before.liveAdmin(h));
  });

  it('agrees with the three old parsers on random headers', () => {
    const pieces = ['bearer', 'Bearer', 'BEARER', 'Basic', ' ', '  ', '\t', '\n', '\u00a0', 'abc', '.', 'x y', ''];
    let seed = 46;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % pieces.length;
    for (let i = 0; i < 2000; i++) {
      const h = Array.from({ length: 1 + (i % 5) }, () => pieces[next()]).join('');
      expect([now.rest(h), now.auth(h), now.liveAdmin(h)]).toEqual([before.rest(h), before.auth(h), before.liveAdmin(h)]);
    }
  });

  it('keeps the callers apart where they differ', () => {
    expect(now.auth('Bearer  t')).toBeNull(); // /auth/v1: one space only
    expect(now.liveAdmin('Bearer  t')).toBe('t'); // admin checks: any whitespace
    expect(now.rest('Bearer  t u')).toBe('t u'); // REST: the rest of the line (then "Expected 3 parts")
    expect(now.rest('Bearer')).toBe(''); // REST: empty JWT
    expect(now.auth('Bearer')).toBeNull();
  });
});

describe('readAuthorization', () => {
  it('reads the request header (any case of its name)', async () => {
    const app = new Hono();
    app.get('/', (c) => c.json(readAuthorization(c)));
    const read = async (headers: Record<string, string>) => (await app.request('/', { headers })).json();
    expect(await read({})).toEqual({ scheme: 'absent' });
    expect(await read({ AUTHORIZATION: 'Bearer t' })).toEqual({ scheme: 'bearer', gap: ' ', token: 't' });
    expect(await read({ authorization: 'Basic x' })).toEqual({ scheme: 'other' });
  });
});

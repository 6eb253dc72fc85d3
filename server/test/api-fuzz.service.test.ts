import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { createTestUser, type TestUser } from './tokens.js';

/**
 * Random and hostile bodies, query strings, methods and callers against every /api and /functions/v1 route of
 * the real server: every answer is a success or a 4xx with a JSON body, never a 5xx (issue 12 #9). The hostile
 * values include NUL, unpaired surrogates, invalid UTF-8 bytes, bad percent-encoding, deep nesting and
 * prototype keys. (rest-fuzz.service.test.ts does the same for /rest/v1 query strings.)
 */
let t: TestServer;
let voiceUpstream: Server;
let user: { id: string; email: string; token: string };
let victim: TestUser;
let adminToken: string;
let adminId: string;
const PASSWORD = 'Fuzz-pass-word-1';

beforeAll(async () => {
  // The voice route calls ElevenLabs: a local stand-in, so a 502 from a missing upstream is not mistaken for a bug.
  voiceUpstream = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ signed_url: 'wss://voice.example/x' })),
  );
  await new Promise<void>((r) => voiceUpstream.listen(0, '127.0.0.1', r));
  const upstream = `http://127.0.0.1:${(voiceUpstream.address() as AddressInfo).port}`;
  t = await startTestServer({
    RATE_LIMIT_DISABLED: 'true',
    ELEVENLABS_API_KEY: 'fuzz-key',
    ELEVENLABS_AGENT_ID: 'fuzz-agent',
    ELEVENLABS_API_URL: upstream,
  });
  // Real sessions (the /api guards check that the session is live), a plain user and an admin.
  const signedIn = async (email: string, admin: boolean) => {
    const { data, error } = await t
      .admin()
      .auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, app_metadata: admin ? { role: 'admin' } : {} });
    if (error) throw error;
    const signIn = await t.client().auth.signInWithPassword({ email, password: PASSWORD });
    if (signIn.error) throw signIn.error;
    return { id: data.user!.id, email, token: signIn.data.session!.access_token };
  };
  const admin = await signedIn('fuzz-admin@example.com', true);
  adminId = admin.id;
  adminToken = admin.token;
  user = await signedIn('fuzz-user@example.com', false);
  victim = await createTestUser(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise((r) => voiceUpstream?.close(r));
});

/** Strings meant to break things (control characters, NUL, unpaired surrogates, SQL look-alikes) among plausible ones. */
const hostileString = fc.oneof(
  { arbitrary: fc.string({ maxLength: 30 }), weight: 3 },
  { arbitrary: fc.constantFrom('a@b.co', 'fuzz@example.com', 'UPPER@EXAMPLE.COM', 'Ada Lovelace', 'landing_page', 'x@y', '@'), weight: 3 },
  { arbitrary: fc.string({ maxLength: 20, unit: 'binary' }), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udfff',
      '\ud83d',
      '😀',
      "'; drop table public.ebook_subscribers; --",
      '%00',
      '\\u0000',
      '',
      ' ',
      'null',
      'a'.repeat(5000),
      'a@b.c\u0000om',
    ),
    weight: 2,
  },
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(true, false, null, 1e308, -0, Number.MAX_SAFE_INTEGER + 2),
  fc.array(hostileString, { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const KEYS = [
  'name',
  'email',
  'source',
  'newPassword',
  'ids',
  'admin',
  'banned',
  'days',
  'q',
  'password',
  '__proto__',
  'constructor',
  '\u0000',
  '\ud800',
];
const idValue = () => fc.oneof(fc.uuid(), fc.constantFrom(user.id, victim.id, adminId), hostileString);

type Body = string | Uint8Array | undefined;
const json = (a: fc.Arbitrary<unknown>): fc.Arbitrary<Body> => a.map((o) => JSON.stringify(o));

/** Any body: a random object over the keys the routes read, any JSON, a deeply nested one, raw bytes, or nothing. */
const anyBody = (): fc.Arbitrary<Body> =>
  fc.oneof(
    {
      arbitrary: json(
        fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8, unit: 'binary' })), hostileValue, { maxKeys: 5 }),
      ),
      weight: 3,
    },
    { arbitrary: json(fc.jsonValue({ maxDepth: 4 })), weight: 1 },
    { arbitrary: fc.integer({ min: 1, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`), weight: 1 },
    { arbitrary: fc.uint8Array({ maxLength: 64 }), weight: 1 },
    {
      arbitrary: fc.constantFrom<Body>(
        undefined,
        '',
        '{',
        'null',
        '[]',
        '"\\u0000"',
        '{"name":"\\ud800","email":"a@b.co"}',
        '{"a":1,"a":2}',
      ),
      weight: 1,
    },
  );

/** Bodies shaped like what each route reads, with hostile values among plausible ones. */
const shaped = {
  waitlist: () =>
    fc.oneof(
      json(fc.record({ name: hostileString, email: hostileString, source: fc.option(hostileString) })),
      fc
        .record({
          name: fc.oneof(fc.constantFrom('Ada Lovelace', 'Grace'), hostileString),
          n: fc.nat(1_000_000),
          source: fc.option(fc.constantFrom('landing_page', 'pricing', 'Bad Source')),
        })
        .map(({ name, n, source }) => JSON.stringify({ name, email: `fuzz-${n}@example.com`, ...(source ? { source } : {}) })),
    ),
  invite: () => json(fc.record({ ids: fc.oneof(fc.array(idValue(), { maxLength: 3 }), hostileValue) })),
  flag: () =>
    json(fc.record({ admin: fc.oneof(fc.boolean(), hostileValue), banned: fc.oneof(fc.boolean(), hostileValue) }, { requiredKeys: [] })),
  reset: () => json(fc.record({ email: fc.oneof(fc.constantFrom(victim.email, user.email), hostileString) })),
  // the CRM's import and export (issue 43): rows and filters with hostile values among plausible ones
  crmImport: () =>
    json(
      fc.record(
        {
          rows: fc.oneof(
            fc.array(
              fc.record(
                {
                  row: fc.oneof(fc.nat(100), hostileValue),
                  name: fc.oneof(fc.constant('Ann Lee'), hostileString),
                  email: fc.oneof(fc.constant('ann@example.com'), hostileString),
                  company: hostileString,
                  tags: fc.oneof(fc.array(hostileString, { maxLength: 3 }), hostileValue),
                  custom: fc.oneof(fc.dictionary(fc.constantFrom('size', 'x'), hostileValue, { maxKeys: 2 }), hostileValue),
                },
                { requiredKeys: ['row', 'name'] },
              ),
              { maxLength: 3 },
            ),
            hostileValue,
          ),
          onDuplicate: fc.constantFrom('merge', 'skip', 'replace'),
          dryRun: fc.oneof(fc.boolean(), hostileValue),
        },
        { requiredKeys: ['rows', 'onDuplicate'] },
      ),
    ),
  crmExport: () =>
    json(
      fc.record(
        {
          query: hostileString,
          filters: fc.oneof(
            fc.dictionary(
              fc.constantFrom(
                'tags',
                'company_id',
                'stage_id',
                'source',
                'created_from',
                'created_to',
                'no_activity_since',
                'has_email',
                'colour',
              ),
              hostileValue,
              { maxKeys: 3 },
            ),
            hostileValue,
          ),
          sort: fc.constantFrom('name', 'created', 'activity', 'size'),
        },
        { requiredKeys: [] },
      ),
    ),
  override: () =>
    json(
      fc.record({
        email: fc.oneof(fc.constantFrom(victim.email, user.email), hostileString),
        newPassword: fc.oneof(fc.constant('Fuzzed-pass-1'), hostileString),
      }),
    ),
};

/** Raw query-string pieces, some of them not valid percent-encoding or not valid UTF-8. */
const rawPiece = fc.oneof(
  fc.constantFrom(
    '%00',
    '%FF',
    '%ED%A0%80',
    '%',
    '%zz',
    '+',
    '',
    'a%2',
    '%C3%28',
    '%F0%9F%98%80',
    '1',
    '-1',
    '999999999999',
    '0',
    'true',
    '%27%3B',
  ),
  fc.string({ maxLength: 10 }).map((s) => encodeURIComponent(s)),
);
const query = fc.oneof(
  { arbitrary: fc.constant(''), weight: 3 },
  { arbitrary: fc.constantFrom('?page=2&per_page=1', '?q=fuzz', '?days=7', '?q=%C3%A9t%C3%A9', '?days=365&q='), weight: 2 },
  {
    arbitrary: fc
      .array(fc.tuple(fc.oneof(fc.constantFrom('q', 'page', 'per_page', 'days', 'apikey', 'redirect_to'), rawPiece), rawPiece), {
        minLength: 1,
        maxLength: 4,
      })
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
    weight: 2,
  },
);

/** Every /api and /functions/v1 route: its own method, and a body shaped for it or any body. */
const route = (): fc.Arbitrary<[string, string, Body]> => {
  const r = (m: string, path: string | fc.Arbitrary<string>, b?: () => fc.Arbitrary<Body>) =>
    fc.tuple(
      fc.constant(m),
      typeof path === 'string' ? fc.constant(path) : path,
      b ? fc.oneof({ arbitrary: b(), weight: 3 }, { arbitrary: anyBody(), weight: 1 }) : anyBody(),
    );
  const userPath = (action: string) =>
    idValue().map((id) => `/api/admin/users/${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, 'x'))}/${action}`);
  return fc.oneof(
    r('GET', '/api/health'),
    r('GET', '/api/config'),
    r('POST', '/api/waitlist', shaped.waitlist),
    r('POST', '/api/account/delete'),
    r('GET', '/api/voice/signed-url'),
    r('GET', '/api/admin/users'),
    r('GET', '/api/admin/analytics/summary'),
    r('GET', '/api/admin/security/failed-sign-ins'),
    r('POST', '/api/admin/waitlist/invite', shaped.invite),
    r('POST', userPath('admin'), shaped.flag),
    r('POST', userPath('ban'), shaped.flag),
    r('POST', userPath('reset-mfa')),
    r('POST', '/functions/v1/custom-password-reset', shaped.reset),
    r('POST', '/functions/v1/emergency-password-change', shaped.override),
    r('POST', '/functions/v1/crm/import', shaped.crmImport),
    r('POST', '/functions/v1/crm/export', shaped.crmExport),
    r('POST', '/functions/v1/nope'),
  );
};
const method = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 5 },
  { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'), weight: 1 },
);
const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      undefined,
    ),
    weight: 1,
  },
);
type CallerKind = 'none' | 'anon' | 'user' | 'admin';
const caller = fc.constantFrom<CallerKind>('none', 'anon', 'user', 'admin', 'admin');

describe(`hostile /api and /functions/v1 requests (${SERVICE_DB})`, () => {
  it('answer 2xx, 3xx or 4xx with a JSON body, never 5xx', async () => {
    const tokenOf = (k: CallerKind) => ({ none: undefined, anon: t.anonKey, user: user.token, admin: adminToken })[k];
    await fc.assert(
      fc.asyncProperty(route(), method, query, contentType, caller, async ([own, path, payload], other, qs, type, who) => {
        const verb = other ?? own;
        // Deleting the fuzzing users' own accounts would only turn the rest of the run into 401s.
        const kind: CallerKind = path === '/api/account/delete' && (who === 'user' || who === 'admin') ? 'anon' : who;
        const token = tokenOf(kind);
        const headers: Record<string, string> = { apikey: t.anonKey };
        if (token) headers.Authorization = `Bearer ${token}`;
        if (type) headers['Content-Type'] = type;
        const hasBody = verb !== 'GET' && verb !== 'HEAD' && payload !== undefined;
        const res = await fetch(`${t.url}${path}${qs}`, { method: verb, headers, body: hasBody ? payload : undefined, redirect: 'manual' });
        const text = await res.text();
        const label = `${verb} ${path}${qs} as ${kind} (${type ?? 'no type'}) ${typeof payload === 'string' ? payload.slice(0, 200) : String(payload)} -> ${res.status} ${text.slice(0, 300)}`;
        expect(res.status, label).toBeLessThan(500);
        // JSON, but for the CRM export's CSV file (a success: text/csv)
        const csv = res.status === 200 && res.headers.get('content-type')?.startsWith('text/csv');
        if (text && verb !== 'HEAD' && res.status !== 204 && !csv) expect(() => JSON.parse(text), label).not.toThrow();
      }),
      { numRuns: SERVICE_DB === 'postgres' ? 600 : 500 },
    );
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
  }, 300_000);
});

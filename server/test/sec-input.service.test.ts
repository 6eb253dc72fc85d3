import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { createTestUser, type TestUser } from './tokens.js';

/** Issue 12, items 9 (NUL and invalid UTF-8), 10 (Host header in public URLs) and 11 (rpc always runs the function). */
let t: TestServer;
let smtp: SmtpSink;
let adminToken: string;
let user: TestUser;
const PASSWORD = 'Sec-input-pass-1';
const ADMIN = 'sec-input-admin@example.com';

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({ SMTP_URL: smtp.url, RATE_LIMIT_DISABLED: 'true', AUTH_EMAIL_MIN_INTERVAL: '0' });
  const { error } = await t
    .admin()
    .auth.admin.createUser({ email: ADMIN, password: PASSWORD, email_confirm: true, app_metadata: { role: 'admin' } });
  if (error) throw error;
  const { data, error: signInError } = await t.client().auth.signInWithPassword({ email: ADMIN, password: PASSWORD });
  if (signInError) throw signInError;
  adminToken = data.session!.access_token;
  user = await createTestUser(t);
  // Probes for item 11: stable functions that fail when they run (as the caller sees it: 42501).
  await t.server.ctx.db.exec(`
    create or replace function public.sec_input_probe_set() returns setof int language plpgsql stable as $$
    begin raise exception 'probe ran' using errcode = '42501'; end $$;
    create or replace function public.sec_input_probe_table() returns table (x int, y text) language plpgsql stable as $$
    begin raise exception 'probe ran' using errcode = '42501'; end $$;
    grant execute on function public.sec_input_probe_set(), public.sec_input_probe_table() to anon, authenticated;`);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const JSON_HEADERS = () => ({ 'Content-Type': 'application/json', apikey: t.anonKey });
const post = (path: string, body: string | Uint8Array, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${path}`, { method: 'POST', headers: { ...JSON_HEADERS(), ...headers }, body, redirect: 'manual' });
/** A JSON text with raw invalid UTF-8 bytes (0xFF 0xFE) inside the value of `field`. */
const withBadBytes = (before: string, after: string) => Buffer.concat([Buffer.from(before), Buffer.from([0xff, 0xfe]), Buffer.from(after)]);
const subscribers = async (email: string) =>
  Number(
    (await t.server.ctx.db.query<{ n: number }>('select count(*)::int as n from public.ebook_subscribers where email = $1', [email]))
      .rows[0]!.n,
  );

describe(`item 9: NUL and invalid UTF-8 are a 400, never a 500 (${SERVICE_DB})`, () => {
  it('refuses a NUL in the waitlist name with a clear message and stores nothing', async () => {
    const res = await post('/api/waitlist', JSON.stringify({ name: 'Ada\u0000Lovelace', email: 'nul@example.com' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'invalid_text', message: 'name must not contain NUL (\\u0000) characters' });
    expect(await subscribers('nul@example.com')).toBe(0);
  });

  it('refuses an unpaired surrogate or invalid UTF-8 bytes in a body instead of storing U+FFFD', async () => {
    const lone = await post('/api/waitlist', JSON.stringify({ name: 'Ada \ud800', email: 'lone@example.com' }));
    expect(lone.status).toBe(400);
    expect(((await lone.json()) as { message: string }).message).toBe(
      'name must be valid Unicode text (it contains an unpaired surrogate)',
    );
    const bytes = await post('/api/waitlist', withBadBytes('{"name":"Ada', '","email":"bytes@example.com"}'));
    expect(bytes.status).toBe(400);
    expect(await bytes.json()).toEqual({ code: 'invalid_text', message: 'Request body is not valid UTF-8' });
    expect(await subscribers('lone@example.com')).toBe(0);
    expect(await subscribers('bytes@example.com')).toBe(0);
    // the same name without the bad character still joins
    expect((await post('/api/waitlist', JSON.stringify({ name: 'Ada Lovelace', email: 'fine@example.com' }))).status).toBe(201);
  });

  it('refuses NUL and bad percent-encoding in /api/admin/users?q=', async () => {
    const list = (q: string) => fetch(`${t.url}/api/admin/users?q=${q}`, { headers: { Authorization: `Bearer ${adminToken}` } });
    const nul = await list('%00');
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({ code: 'invalid_text', message: 'Query parameter "q" must not contain NUL (\\u0000) characters' });
    for (const q of ['%FF', '%ED%A0%80', 'a%']) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(await res.json()).toEqual({ code: 'invalid_text', message: 'Query string is not valid percent-encoded UTF-8' });
    }
    expect((await list('sec-input')).status).toBe(200);
  });

  it('refuses a NUL in a /functions/v1 body (the override would have set a password with a NUL)', async () => {
    const body = JSON.stringify({ email: user.email, newPassword: 'abc\u0000defgh' });
    const res = await post('/functions/v1/emergency-password-change', body, { Authorization: `Bearer ${adminToken}` });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      code: 'invalid_text',
      error: 'newPassword must not contain NUL (\\u0000) characters',
    });
    const reset = await post('/functions/v1/custom-password-reset', withBadBytes('{"email":"x', '@example.com"}'));
    expect(reset.status).toBe(400);
    expect(await reset.json()).toEqual({ success: false, code: 'invalid_text', error: 'Request body is not valid UTF-8' });
  });

  it('refuses NUL and unpaired surrogates in /auth/v1 bodies and query strings (were 500s on metadata)', async () => {
    const signup = (body: unknown) => post('/auth/v1/signup', JSON.stringify(body));
    const cases: [Response, string][] = [
      [
        await signup({ email: 'meta-nul@example.com', password: PASSWORD, data: { full_name: 'a\u0000' } }),
        'data.full_name must not contain NUL (\\u0000) characters',
      ],
      [
        await signup({ email: 'meta-key@example.com', password: PASSWORD, data: { ['k\u0000']: 1 } }),
        'data: a key must not contain NUL (\\u0000) characters',
      ],
      [
        await signup({ email: 'meta-lone@example.com', password: PASSWORD, data: { full_name: '\udc00' } }),
        'data.full_name must be valid Unicode text (it contains an unpaired surrogate)',
      ],
      [await signup({ email: 'pw-nul@example.com', password: `${PASSWORD}\u0000x` }), 'password must not contain NUL (\\u0000) characters'],
      [
        await post('/auth/v1/otp', JSON.stringify({ email: 'otp-nul@example.com', data: { a: '\u0000' } })),
        'data.a must not contain NUL (\\u0000) characters',
      ],
      [
        await fetch(`${t.url}/auth/v1/verify?type=signup&token=a%00b&redirect_to=${encodeURIComponent(t.server.ctx.config.SITE_URL)}`, {
          redirect: 'manual',
        }),
        'Query parameter "token" must not contain NUL (\\u0000) characters',
      ],
    ];
    for (const [res, msg] of cases) {
      expect(res.status, msg).toBe(400);
      expect(await res.json()).toMatchObject({ error_code: 'validation_failed', msg });
    }
    const { rows } = await t.server.ctx.db.query(
      `select email from auth.users where email like 'meta-%' or email like 'pw-nul%' or email like 'otp-nul%'`,
    );
    expect(rows).toEqual([]);
  });

  it('/rest/v1 refuses invalid UTF-8 bytes (PGRST102) and NUL (22P05) as PostgREST does', async () => {
    const auth = { Authorization: `Bearer ${user.token}` };
    const bytes = await post(
      '/rest/v1/contact_messages',
      withBadBytes('{"name":"Ada', '","email":"a@example.com","message":"hello there"}'),
      auth,
    );
    expect(bytes.status).toBe(400);
    expect(await bytes.json()).toEqual({
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: 'Request body is not valid UTF-8',
      hint: null,
    });
    const nul = await post(
      '/rest/v1/contact_messages',
      JSON.stringify({ name: 'a\u0000', email: 'a@example.com', message: 'hello there' }),
      auth,
    );
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as { code: string }).code).toBe('22P05');
    const { rows } = await t.server.ctx.db.query('select count(*)::int as n from public.contact_messages');
    expect(rows[0]).toEqual({ n: 0 });
  });
});

/** A GET with a Host header of our choice (fetch does not let us set Host). */
function getWithHost(
  path: string,
  host: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const u = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method: 'GET', headers: { host, ...extra } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe(`item 10: public URLs come from SITE_URL only (${SERVICE_DB})`, () => {
  it('/api/config names SITE_URL whatever the Host header, and is never cached', async () => {
    const res = await getWithHost('/api/config', 'evil.example.net', {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example.net',
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(res.body) as { supabaseUrl: string };
    expect(body.supabaseUrl).toBe(t.server.ctx.config.SITE_URL);
    expect(res.body).not.toContain('evil');
  });

  it('mail links ignore the Host header too', async () => {
    const { data, error } = await t
      .admin()
      .auth.admin.createUser({ email: 'host-mail@example.com', password: PASSWORD, email_confirm: true });
    if (error) throw error;
    const u = new URL(t.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: u.hostname,
          port: u.port,
          path: '/auth/v1/recover',
          method: 'POST',
          headers: { host: 'evil.example.net', apikey: t.anonKey, 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ email: data.user!.email }));
    });
    expect(status).toBe(200);
    const mail = await smtp.waitFor('host-mail@example.com');
    expect(mail.text).toContain(`${t.server.ctx.config.SITE_URL}/auth/v1/verify`);
    expect(mail.text).not.toContain('evil');
  });
});

describe(`item 11: calling a function always runs it (${SERVICE_DB})`, () => {
  const rpc = (name: string, token: string | undefined, qs = '', method: 'GET' | 'POST' = 'POST') =>
    fetch(`${t.url}/rest/v1/rpc/${name}${qs}`, {
      method,
      headers: { ...JSON_HEADERS(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: method === 'POST' ? '{}' : undefined,
    });

  it('require_admin (stable, void) answers its own 42501: 401 for a visitor, 403 for a user, 204 for an admin', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const anon = await rpc('require_admin', undefined, '', method);
      expect(anon.status, method).toBe(401);
      expect(await anon.json()).toMatchObject({ code: '42501', message: 'Admin access required' });
      const plain = await rpc('require_admin', user.token, '', method);
      expect(plain.status, method).toBe(403);
      expect(((await plain.json()) as { code: string }).code).toBe('42501');
      expect((await rpc('require_admin', adminToken, '', method)).status, method).toBe(204);
    }
  });

  it('a stable set-returning function runs even when no row is asked for (limit=0, filters that cannot match)', async () => {
    for (const [name, qs] of [
      ['sec_input_probe_set', '?limit=0'],
      ['sec_input_probe_table', '?limit=0'],
      ['sec_input_probe_table', '?x=eq.1&x=eq.2'],
      ['sec_input_probe_table', '?select=x&offset=5&limit=0'],
    ] as const) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await rpc(name, undefined, qs, method);
        expect(res.status, `${method} ${name}${qs} ${res.status === 401 ? '' : await res.clone().text()}`).toBe(401);
        expect(((await res.json()) as { code: string }).code).toBe('42501');
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_JSON_MEMBERS } from '../src/http/json-shape.js';
import { MAX_QUERY_STRING_BYTES } from '../src/rest/query-limits.js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { createTestUser, type TestUser } from './tokens.js';

/**
 * Issue 38: pathological requests are refused before any SQL runs, each service in its own error shape. The limits
 * themselves are unit-tested in src/rest/query-limits.test.ts and src/http/json-shape.test.ts; here, over the wire.
 */
let t: TestServer;
let user: TestUser;
beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true' });
  user = await createTestUser(t);
  // The case: a 401-character profile text, which a back-referencing regex takes seconds to match.
  const { error } = await user.client.from('business_profiles').upsert({ user_id: user.id, product_service: 'a'.repeat(401) });
  expect(error).toBeNull();
}, 60_000);
afterAll(() => t?.close());

const rest = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${t.url}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: t.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
  });
type RestBody = { code: string; details: string | null };
const BACK_REFERENCE = encodeURIComponent('match.^(a*)(a*)(a*)\\3\\2\\1b$');
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

describe(`pathological /rest/v1 queries (${SERVICE_DB})`, () => {
  it("refuses a signed-in user's back-referencing regex with PGRST100, and runs a service_role one", async () => {
    const res = await rest(`business_profiles?select=user_id&product_service=${BACK_REFERENCE}`, user.token);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'PGRST100',
      message: 'failed to parse filter (match)',
      details: 'back-references like \\1 are not allowed',
      hint: null,
    });
    // The server's own key is trusted with any pattern (on a short text, so this stays quick).
    const short = encodeURIComponent('match.^(abc)\\1$');
    const { error } = await user.client.from('business_profiles').update({ business_name: 'abcabc' }).eq('user_id', user.id);
    expect(error).toBeNull();
    const trusted = await rest(`business_profiles?select=user_id&business_name=${short}`, t.serviceRoleKey);
    expect(trusted.status).toBe(200);
    expect(await trusted.json()).toEqual([{ user_id: user.id }]);
    // The remembered read plan of service_role's request is not the user's: the user is still refused.
    const again = await rest(`business_profiles?select=user_id&business_name=${short}`, user.token);
    expect(again.status).toBe(400);
    expect(((await again.json()) as RestBody).code).toBe('PGRST100');
  });

  it('refuses the same pattern in or= trees, writes and GET rpc', async () => {
    const inTree = await rest(`business_profiles?or=(product_service.${decodeURIComponent(BACK_REFERENCE)})`, user.token);
    expect(inTree.status).toBe(400);
    const patch = await rest(`business_profiles?product_service=${BACK_REFERENCE}`, user.token, {
      method: 'PATCH',
      body: JSON.stringify({ business_name: 'x' }),
    });
    expect(patch.status).toBe(400);
    expect(((await patch.json()) as RestBody).code).toBe('PGRST100');
    const del = await rest(`business_profiles?product_service=${BACK_REFERENCE}`, user.token, { method: 'DELETE' });
    expect(del.status).toBe(400);
    const rpc = await rest(`rpc/top_rated_integrations?name=${BACK_REFERENCE}`, user.token);
    expect(rpc.status).toBe(400);
    expect(((await rpc.json()) as RestBody).code).toBe('PGRST100');
    // nothing was written or deleted
    const { data } = await user.client.from('business_profiles').select('business_name').eq('user_id', user.id).single();
    expect(data).toEqual({ business_name: 'abcabc' });
  });

  it(`answers 414 to a query string over ${MAX_QUERY_STRING_BYTES} bytes`, async () => {
    const res = await rest(`integrations?select=id&name=in.(${'x,'.repeat(MAX_QUERY_STRING_BYTES / 2)}x)`, user.token);
    expect(res.status).toBe(414);
    expect(res.headers.get('proxy-status')).toBe('PostgREST; error=PGRST100');
    expect(await res.json()).toEqual({
      code: 'PGRST100',
      message: 'failed to parse query string',
      details: `The query string is longer than ${MAX_QUERY_STRING_BYTES} bytes`,
      hint: null,
    });
  });

  it('refuses enormous or= lists and in-lists within the length limit', async () => {
    const ors = `(${Array.from({ length: 101 }, (_, i) => `id.eq.${i}`).join(',')})`;
    const res = await rest(`integrations?select=id&or=${ors}`, t.anonKey);
    expect(res.status).toBe(400);
    expect(((await res.json()) as RestBody).details).toBe('at most 100 filters are allowed per request');
    const ins = await rest(`integrations?select=id&id=in.(${Array.from({ length: 501 }, (_, i) => i).join(',')})`, t.anonKey);
    expect(ins.status).toBe(400);
    expect(((await ins.json()) as RestBody).details).toBe('at most 500 values are allowed in a list');
  });
});

describe(`deep and huge JSON bodies (${SERVICE_DB})`, () => {
  const post = (path: string, body: string, token?: string) =>
    fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body,
    });
  const tooDeep = `Request body is nested deeper than ${MAX_JSON_DEPTH} levels`;

  it('refuses them on /rest/v1 with PGRST102 and writes nothing', async () => {
    const body = `{"user_id":"${user.id}","business_name":"deep","goals":${deep(MAX_JSON_DEPTH)}}`;
    const res = await post('/rest/v1/business_profiles?on_conflict=user_id', body, user.token);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'PGRST102', message: 'Empty or invalid json', details: tooDeep, hint: null });
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: MAX_JSON_MEMBERS + 1 }, (_, i) => [`k${i}`, 1])));
    const rpc = await post('/rest/v1/rpc/has_feature', wide, user.token);
    expect(rpc.status).toBe(400);
    expect(((await rpc.json()) as RestBody).details).toBe(
      `Request body has more than ${MAX_JSON_MEMBERS} values (object members and array elements)`,
    );
    const { data } = await user.client.from('business_profiles').select('business_name').eq('user_id', user.id).single();
    expect(data).toEqual({ business_name: 'abcabc' });
  });

  it('refuses them on /auth/v1, /api and /functions/v1 in each one’s error shape', async () => {
    const body = `{"email":"deep@example.com","password":"Deep-pass-1","data":${deep(MAX_JSON_DEPTH + 1)}}`;
    const auth = await post('/auth/v1/signup', body);
    expect(auth.status).toBe(400);
    expect(await auth.json()).toMatchObject({ code: 400, error_code: 'validation_failed', msg: tooDeep });
    const api = await post('/api/waitlist', `{"name":"Deep","email":"deep@example.com","source":${deep(1000)}}`);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ code: 'invalid_text', message: tooDeep });
    const fn = await post('/functions/v1/custom-password-reset', `{"email":${deep(100_000)}}`);
    expect(fn.status).toBe(400);
    expect(await fn.json()).toEqual({ success: false, code: 'invalid_text', error: tooDeep });
    // the sign-up did not happen
    const { rows } = await t.server.ctx.db.query(`select 1 from auth.users where email = 'deep@example.com'`);
    expect(rows).toEqual([]);
  });
});

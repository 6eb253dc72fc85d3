import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { anonClient, createTestUser, serviceClient, type TestUser } from './tokens.js';

// Issue 38 item 1: every request is bounded in time on both drivers. A regex with back-references over a long text
// a user can write costs about the cube of its length: minutes for these 3,000 characters on either driver.
const STORY = 'a'.repeat(3000) + 'b';
const HOSTILE = '(.+)\\1+$';

let t: TestServer;
let user: TestUser;

beforeAll(async () => {
  t = await startTestServer({
    RATE_LIMIT_DISABLED: 'true',
    DB_STATEMENT_TIMEOUT_AUTHENTICATED_MS: '1000',
    DB_STATEMENT_TIMEOUT_SERVICE_ROLE_MS: '120000',
  });
  // Before the first /rest/v1 request loads the schema cache.
  await t.server.ctx.db.exec(`
    create function public.tb_statement_timeout() returns text language sql stable as $$ select current_setting('statement_timeout') $$;
    grant execute on function public.tb_statement_timeout() to anon, authenticated, service_role;
    create function public.tb_runaway() returns bigint language sql volatile as $$ select count(*) from generate_series(1, 100000000000) $$;
    grant execute on function public.tb_runaway() to authenticated;`);
  user = await createTestUser(t);
  const { error } = await user.client.from('business_profiles').update({ business_story: STORY }).eq('user_id', user.id);
  expect(error).toBeNull();
}, 60_000);
afterAll(() => t?.close());

/** Whether `p` has settled by the time this returns (a turn of the event loop later). */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.finally(() => (done = true)).catch(() => {});
  await new Promise((r) => setImmediate(r));
  return done;
}

describe(`time bounds (${SERVICE_DB})`, () => {
  it('sets each role its statement timeout (anon 3 s, authenticated and service_role as configured)', async () => {
    expect(await anonClient(t).rpc('tb_statement_timeout')).toMatchObject({ status: 200, data: '3s' });
    expect(await user.client.rpc('tb_statement_timeout')).toMatchObject({ status: 200, data: '1s' });
    expect(await serviceClient(t).rpc('tb_statement_timeout')).toMatchObject({ status: 200, data: '2min' });
    if (SERVICE_DB === 'postgres') {
      // The server's own statements (auth, /api) run under service_role's bound too.
      expect((await t.server.ctx.db.query('show statement_timeout')).rows).toEqual([{ statement_timeout: '2min' }]);
    }
  });

  // A user's back-referencing regex is refused before it runs (server/src/rest/query-limits.ts); the bound is for what
  // the limits still let through, such as an rpc that runs for ever.
  it('cuts a runaway statement off at the role bound (500 57014) while other requests keep answering', { timeout: 60_000 }, async () => {
    const refused = await user.client.from('business_profiles').select('user_id').filter('business_story', 'match', HOSTILE);
    expect(refused.status).toBe(400);
    const hostile = Promise.resolve(user.client.rpc('tb_runaway'));
    const live = await fetch(`${t.url}/api/health/live`);
    expect(live.status).toBe(200);
    if (SERVICE_DB === 'postgres') {
      // Other connections of the pool answer while the hostile statement still runs.
      const health = await fetch(`${t.url}/api/health`);
      expect(health.status).toBe(200);
      const { data, error } = await anonClient(t).from('integrations').select('id').eq('id', 'slack');
      expect({ data, error }).toEqual({ data: [{ id: 'slack' }], error: null });
      expect(await settled(hostile)).toBe(false);
    } else {
      // PGlite's one connection: the server thread answers at once; the database once the watchdog cut the statement.
      expect(await settled(hostile)).toBe(false);
      const health = await fetch(`${t.url}/api/health`);
      expect(health.status).toBe(200);
      const { data, error } = await anonClient(t).from('integrations').select('id').eq('id', 'slack');
      expect({ data, error }).toEqual({ data: [{ id: 'slack' }], error: null });
    }
    const res = await hostile;
    expect(res.status).toBe(500);
    expect(res.error).toEqual({ code: '57014', message: 'canceling statement due to statement timeout', details: null, hint: null });
  });

  it('stops the statement of a request whose client hung up (bound 2 min, stopped long before)', { timeout: 60_000 }, async () => {
    const gaveUp = new AbortController();
    const key = t.serviceRoleKey;
    const hostile = fetch(`${t.url}/rest/v1/business_profiles?select=user_id&business_story=match.${encodeURIComponent(HOSTILE)}`, {
      headers: { apikey: key, Authorization: `Bearer ${key}` },
      signal: gaveUp.signal,
    }).catch((e: unknown) => e);
    if (SERVICE_DB === 'postgres') {
      const watcher = new pg.Client({ connectionString: t.server.ctx.config.DATABASE_URL });
      await watcher.connect();
      try {
        const running = async () =>
          Number(
            (
              await watcher.query<{ n: string }>(
                `select count(*) as n from pg_stat_activity where datname = current_database() and state = 'active' and query like '%business_story%' and pid <> pg_backend_pid()`,
              )
            ).rows[0]!.n,
          );
        await vi.waitFor(async () => expect(await running()).toBe(1), { timeout: 20_000, interval: 50 });
        gaveUp.abort();
        expect(await hostile).toMatchObject({ name: 'AbortError' });
        await vi.waitFor(async () => expect(await running()).toBe(0), { timeout: 20_000, interval: 50 });
      } finally {
        await watcher.end();
      }
    } else {
      expect((await fetch(`${t.url}/api/health/live`)).status).toBe(200);
      gaveUp.abort();
      expect(await hostile).toMatchObject({ name: 'AbortError' });
    }
    // The database serves the next request (on PGlite, only once the abandoned statement was stopped).
    const { data, error } = await anonClient(t).from('integrations').select('id').eq('id', 'slack');
    expect({ data, error }).toEqual({ data: [{ id: 'slack' }], error: null });
  });
});

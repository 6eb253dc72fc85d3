import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationFiles } from '../src/db/migrate.js';
import { startServer } from '../src/server.js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { testTempDir } from './support/temp-dir.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe(`platform (${SERVICE_DB})`, () => {
  it('reports health with the database it runs on', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: SERVICE_DB });
  });

  it('gives the browser its runtime config but never the service key', async () => {
    const body = (await (await fetch(`${t.url}/api/config`)).json()) as Record<string, unknown>;
    expect(body.supabaseUrl).toBe(t.server.ctx.config.SITE_URL);
    expect(body.anonKey).toBe(t.anonKey);
    expect(body.voiceAvailable).toBe(false);
    expect(JSON.stringify(body)).not.toContain(t.serviceRoleKey);
  });

  it.each(['/api/nope', '/auth/v1/nope', '/rest/v1/nope/deeper', '/functions/v1/nope'])('answers %s with a JSON 404', async (p) => {
    const res = await fetch(t.url + p, { headers: { apikey: t.anonKey } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('sets the security headers on every response', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('strict-transport-security')).toBeNull(); // plain HTTP here
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('signs the anon and service keys with the generated secret, kept in a 0600 file', async () => {
    const [, payload] = t.anonKey.split('.');
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toMatchObject({ role: 'anon', iss: 'supabase' });
    const file = path.join(t.server.ctx.config.DATA_DIR, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('records every migration it applied, keyed as the Supabase CLI keys them', async () => {
    const { rows } = await t.server.ctx.db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by 1',
    );
    expect(rows[0]).toEqual({ version: '0001', name: 'roles_and_helpers' });
    expect(rows.map((r) => `${r.version}_${r.name}.sql`)).toEqual(migrationFiles());
  });
});

describe.runIf(SERVICE_DB === 'pglite')('restart on the same DATA_DIR', () => {
  it('keeps the data and the keys', async () => {
    const dir = testTempDir('restart-');
    const env = { NODE_ENV: 'test', PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'silent' };
    const a = await startServer(env, { webDist: dir });
    await a.ctx.db.exec("create table keep_me (v text); insert into keep_me values ('still here')");
    const key = a.ctx.keys.anonKey;
    await a.close();
    const b = await startServer(env, { webDist: dir });
    expect((await b.ctx.db.query('select v from keep_me')).rows).toEqual([{ v: 'still here' }]);
    expect(b.ctx.keys.anonKey).toBe(key);
    await b.close();
  }, 120_000); // two server starts on PGlite: over 30 s on a busy 2-core machine (seen in a whole run at load 20)
});

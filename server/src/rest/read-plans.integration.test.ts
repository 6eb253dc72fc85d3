import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';

const url = process.env.TEST_DATABASE_URL;

/**
 * GET/HEAD read plans remembered per schema cache (read-plan.ts, issue 16): a remembered plan answers exactly
 * what a fresh one would, per caller, per Prefer/Accept/Range, and a schema reload starts afresh. On PostgreSQL (the
 * service suites cover PGlite through the same handler).
 */
describe.skipIf(!url)('remembered read plans (PostgreSQL)', () => {
  let server: RunningServer;
  let dataDir: string;
  let dbName: string;
  const admin = () => new pg.Client({ connectionString: url });
  beforeAll(async () => {
    dbName = `read_plans_${process.pid}_${Date.now()}`;
    const c = admin();
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const dbUrl = new URL(url!);
    dbUrl.pathname = `/${dbName}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'read-plans-'));
    server = await startServer(
      { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: dbUrl.href },
      { webDist: path.join(dataDir, 'no-web') },
    );
    await server.ctx.db.exec(`create table public.read_plan_probe (id int primary key, secret boolean not null default false);
      alter table public.read_plan_probe enable row level security;
      create policy public_rows on public.read_plan_probe for select to anon using (not secret);
      grant select on public.read_plan_probe to anon, service_role;
      insert into public.read_plan_probe values (1, false), (2, true), (3, false);`);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  });

  const get = async (query: string, headers: Record<string, string> = {}, key = server.ctx.keys.anonKey, method = 'GET') => {
    const res = await fetch(`${server.url}/rest/v1/read_plan_probe?${query}`, {
      method,
      headers: { apikey: key, authorization: `Bearer ${key}`, ...headers },
    });
    return { status: res.status, range: res.headers.get('content-range'), type: res.headers.get('content-type'), body: await res.text() };
  };

  it('answer each caller with its own rows, and each Prefer, Accept and Range with its own answer, every time', async () => {
    const q = 'select=id&order=id';
    const cases: [string, Record<string, string>, string?, string?][] = [
      [q, {}],
      [q, {}, server.ctx.keys.serviceRoleKey],
      [q, { prefer: 'count=exact' }],
      [q, { prefer: 'count=exact' }, server.ctx.keys.serviceRoleKey],
      [q, { range: '1-1' }],
      [q, { accept: 'application/vnd.pgrst.object+json' }],
      [`${q}&id=eq.3`, { accept: 'application/vnd.pgrst.object+json' }],
      [`${q}&id=eq.3`, { accept: 'text/csv' }],
      [q, { prefer: 'count=exact' }, undefined, 'HEAD'],
    ];
    const first = [];
    for (const [query, headers, key, method] of cases) first.push(await get(query, headers, key, method));
    expect(first.map((r) => [r.status, r.range, r.body])).toEqual([
      [200, '0-1/*', '[{"id":1}, \n {"id":3}]'],
      [200, '0-2/*', '[{"id":1}, \n {"id":2}, \n {"id":3}]'],
      [200, '0-1/2', '[{"id":1}, \n {"id":3}]'],
      [200, '0-2/3', '[{"id":1}, \n {"id":2}, \n {"id":3}]'],
      [200, '1-1/*', '[{"id":3}]'],
      [406, null, expect.stringContaining('PGRST116')],
      [200, '0-0/*', '{"id":3}'],
      [200, '0-0/*', 'id\n3'],
      [200, '0-1/2', ''],
    ]);
    // again, in reverse order: the remembered plans answer the same
    for (let i = cases.length - 1; i >= 0; i--) {
      const [query, headers, key, method] = cases[i]!;
      expect(await get(query, headers, key, method)).toEqual(first[i]);
    }
  });

  it('start afresh after a schema reload', async () => {
    expect((await get('select=*&id=eq.1')).body).toBe('[{"id":1,"secret":false}]');
    await server.ctx.db.exec(`alter table public.read_plan_probe add column label text not null default 'x';
      create table public.read_plan_other (id int primary key); grant select on public.read_plan_other to anon;`);
    // an unknown name reloads the schema cache when the cache is older than 5 s
    await new Promise((r) => setTimeout(r, 5_100));
    const other = await fetch(`${server.url}/rest/v1/read_plan_other`, { headers: { apikey: server.ctx.keys.anonKey } });
    expect(other.status).toBe(200);
    expect((await get('select=*&id=eq.1')).body).toBe('[{"id":1,"secret":false,"label":"x"}]');
  }, 30_000);
});

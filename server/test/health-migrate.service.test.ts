import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.js';
import { migrationFiles, migrationVersion } from '../src/db/migrate.js';
import { startServer, type RunningServer } from '../src/server.js';
import { freshPostgresDatabase, SERVICE_DB } from './harness.js';

// Issue 19: liveness and readiness; migration checksums checked at start-up.
describe('health and migration checksums', { timeout: 120_000 }, () => {
  let dir: string;
  let pgdb: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  let env: Record<string, string>;
  let server: RunningServer;
  const first = migrationFiles()[0]!;
  const last = migrationFiles().at(-1)!;
  // the history is keyed as the Supabase CLI keys it: by the file name's number
  const firstVersion = migrationVersion(first)!.version;
  const lastVersion = migrationVersion(last)!.version;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'health-'));
    pgdb = SERVICE_DB === 'postgres' ? await freshPostgresDatabase() : undefined;
    env = {
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dir, 'no-web'),
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    };
    server = await startServer(env);
  }, 90_000);
  afterAll(async () => {
    await server.close();
    await pgdb?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (p: string) => {
    const res = await fetch(`${server.url}${p}`);
    return [res.status, await res.json(), res.headers.get('cache-control')];
  };

  it('live, ready and the old /api/health answer ok', async () => {
    const kind = SERVICE_DB === 'postgres' ? 'postgres' : 'pglite';
    expect(await get('/api/health/live')).toEqual([200, { status: 'ok' }, 'no-store']);
    expect(await get('/api/health/ready')).toEqual([200, { status: 'ok', database: kind }, 'no-store']);
    expect((await get('/api/health')).slice(0, 2)).toEqual([200, { status: 'ok', database: kind }]);
  });

  it('ready is 503 while a migration of this release is not applied; live stays 200', async () => {
    const db = server.ctx.db;
    const { rows } = await db.query<{ name: string; checksum: string; applied_at: string }>(
      'select name, checksum, applied_at::text from supabase_migrations.schema_migrations where version = $1',
      [lastVersion],
    );
    await db.query('delete from supabase_migrations.schema_migrations where version = $1', [lastVersion]);
    try {
      expect((await get('/api/health/ready')).slice(0, 2)).toEqual([
        503,
        { status: 'migrations_pending', database: server.ctx.db.kind, pending: [last] },
      ]);
      expect((await get('/api/health/live'))[0]).toBe(200);
    } finally {
      await db.query('insert into supabase_migrations.schema_migrations (version, name, checksum, applied_at) values ($1, $2, $3, $4)', [
        lastVersion,
        rows[0]!.name,
        rows[0]!.checksum,
        rows[0]!.applied_at,
      ]);
    }
    expect((await get('/api/health/ready'))[0]).toBe(200);
  });

  it('start-up rekeys a history keyed by file names (older releases) as the Supabase CLI keys it, running nothing again', async () => {
    const count = `select count(*)::int as n from supabase_migrations.schema_migrations`;
    const before = (await server.ctx.db.query<{ n: number }>(count)).rows[0]!.n;
    // as a release before this one left it: the whole file name as the version, no name
    await server.ctx.db.query(
      `update supabase_migrations.schema_migrations set version = version || '_' || name || '.sql', name = null, statements = null`,
    );
    await server.close();
    server = await startServer(env);
    const { rows } = await server.ctx.db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.length).toBe(before);
    expect(rows.map((r) => `${r.version}_${r.name}.sql`)).toEqual(migrationFiles());
    expect((await get('/api/health/ready'))[0]).toBe(200);
  });

  it('start-up records missing checksums, and refuses, naming the file, when an applied file changed', async () => {
    await server.ctx.db.query('update supabase_migrations.schema_migrations set checksum = null'); // an install from before checksums
    await server.close();
    server = await startServer(env);
    const { rows } = await server.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from supabase_migrations.schema_migrations where checksum is null',
    );
    expect(rows[0]!.n).toBe(0);

    // As if the file had been edited after it ran: the recorded checksum no longer matches it.
    await server.ctx.db.query(`update supabase_migrations.schema_migrations set checksum = repeat('0', 64) where version = $1`, [
      firstVersion,
    ]);
    await server.close();
    const refused = await startServer(env).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toContain(`Migration ${first} failed: the file changed after it was applied`);
    // The refused start let go of the folder: fix the record and start again.
    const db = await openDatabase({ DATA_DIR: dir, DATABASE_URL: pgdb?.url });
    await db.query('update supabase_migrations.schema_migrations set checksum = null where version = $1', [firstVersion]);
    await db.close();
    server = await startServer(env);
    expect((await get('/api/health/ready'))[0]).toBe(200);
  });
});

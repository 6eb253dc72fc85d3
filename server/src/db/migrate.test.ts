import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './types.js';
import { migrate, migrationChecksum, MigrationChangedError, MigrationError } from './migrate.js';
import { openPglite } from './pglite.js';

function dirWith(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'mig-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(dir, name), sql);
  return dir;
}

describe('migrate', { timeout: 60_000 }, () => {
  // One in-memory database for the file (a new one costs an initialised cluster, 2-9 CPU s), emptied of what a test
  // made before each test, so each starts as a new database would: no table t, no migrations schema.
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
  }, 60_000);
  afterAll(() => db?.close());
  beforeEach(async () => {
    await db.exec('drop table if exists public.t; drop schema if exists supabase_migrations cascade;');
  });

  it('applies in name order, once', async () => {
    const dir = dirWith({ '002_b.sql': 'insert into t values (2);', '001_a.sql': 'create table t (v int); insert into t values (1);' });
    expect(await migrate(db, dir)).toEqual(['001_a.sql', '002_b.sql']);
    expect(await migrate(db, dir)).toEqual([]);
    expect((await db.query('select v from t order by v')).rows).toEqual([{ v: 1 }, { v: 2 }]);
  });

  it('stops at a failing file, names it, and rolls that file back whole', async () => {
    const dir = dirWith({
      '001_ok.sql': 'create table t (v int);',
      '002_bad.sql': 'insert into t values (1); select * from missing_table;',
    });
    const err = await migrate(db, dir).catch((e) => e);
    expect(err).toBeInstanceOf(MigrationError);
    expect(err.message).toMatch(/002_bad\.sql.*missing_table/);
    expect((await db.query('select count(*)::int as n from t')).rows).toEqual([{ n: 0 }]);
  });

  it('refuses to start, naming the file, when an applied migration was edited', async () => {
    const dir = dirWith({ '001_a.sql': 'create table t (v int);', '002_b.sql': 'insert into t values (1);' });
    await migrate(db, dir);
    writeFileSync(path.join(dir, '002_b.sql'), 'insert into t values (2);');
    writeFileSync(path.join(dir, '003_c.sql'), 'insert into t values (3);');
    const err = await migrate(db, dir).catch((e) => e);
    expect(err).toBeInstanceOf(MigrationChangedError);
    expect(err.message).toMatch(/Migration 002_b\.sql failed: the file changed after it was applied/);
    // Nothing newer ran either: the refusal comes before any new file.
    expect((await db.query('select v from t order by v')).rows).toEqual([{ v: 1 }]);
  });

  it('records checksums for installs from before checksums, then holds them', async () => {
    const dir = dirWith({ '001_a.sql': 'create table t (v int);\r\n' });
    await migrate(db, dir);
    await db.exec('update supabase_migrations.schema_migrations set checksum = null'); // as an old install left it
    expect(await migrate(db, dir)).toEqual([]);
    const { rows } = await db.query<{ checksum: string }>('select checksum from supabase_migrations.schema_migrations');
    // Line endings do not count: a CRLF checkout is the same migration.
    expect(rows).toEqual([{ checksum: migrationChecksum('create table t (v int);\n') }]);
    writeFileSync(path.join(dir, '001_a.sql'), 'create table t (v bigint);');
    await expect(migrate(db, dir)).rejects.toThrow(/001_a\.sql/);
  });
});

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testTempDir } from '../../test/support/temp-dir.js';
import type { Database } from './types.js';
import { migrate, migrationChecksum, MigrationChangedError, MigrationError, migrationFiles, migrationVersion } from './migrate.js';
import { openPglite } from './pglite/pglite.js';

function dirWith(files: Record<string, string>) {
  const dir = testTempDir('mig-');
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

/**
 * The Supabase CLI's history rules (supabase/cli pkg/migration): file.go reads a file name with
 * `^([0-9]+)_(.*)\.sql$` (version = the digits, name = the rest); history.go keys
 * supabase_migrations.schema_migrations by `version text NOT NULL PRIMARY KEY`, with `statements text[]` and
 * `name text`, inserts `(version, name, statements)` and `migration list` compares `SELECT version ... ORDER BY
 * version` with the local files' versions.
 */
describe('migration history as the Supabase CLI keeps it', { timeout: 60_000 }, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
  }, 60_000);
  afterAll(() => db?.close());
  beforeEach(async () => {
    await db.exec('drop table if exists public.t; drop schema if exists supabase_migrations cascade;');
  });

  it('reads file names as the CLI does', () => {
    expect(migrationVersion('0001_roles_and_helpers.sql')).toEqual({ version: '0001', name: 'roles_and_helpers' });
    expect(migrationVersion('20240101120000_a_b.sql')).toEqual({ version: '20240101120000', name: 'a_b' });
    expect(migrationVersion('init.sql')).toBeNull();
    expect(migrationVersion('0001-x.sql')).toBeNull();
  });

  it('writes the rows the CLI writes: version is the number, with name and statements', async () => {
    const dir = dirWith({ '0001_make_t.sql': 'create table t (v int);' });
    await migrate(db, dir);
    const { rows } = await db.query('select version, name, statements, checksum from supabase_migrations.schema_migrations');
    expect(rows).toEqual([
      { version: '0001', name: 'make_t', statements: ['create table t (v int);'], checksum: migrationChecksum('create table t (v int);') },
    ]);
    // what `supabase migration list` compares: the remote versions against the local file versions
    const remote = await db.query<{ version: string }>('SELECT version FROM supabase_migrations.schema_migrations ORDER BY version');
    expect(remote.rows.map((r) => r.version)).toEqual(migrationFiles(dir).map((f) => migrationVersion(f)!.version));
  });

  it('upgrades an install keyed by file name in place, without running anything again', async () => {
    const dir = dirWith({ '0001_make_t.sql': 'create table t (v int);', '0002_fill.sql': 'insert into t values (2);' });
    // as the release before this one left it
    await db.exec(`create schema supabase_migrations;
      create table supabase_migrations.schema_migrations (version text primary key, applied_at timestamptz not null default now(), checksum text);
      create table t (v int);
      insert into supabase_migrations.schema_migrations (version, checksum) values ('0001_make_t.sql', '${migrationChecksum('create table t (v int);')}');`);
    expect(await migrate(db, dir)).toEqual(['0002_fill.sql']);
    const { rows } = await db.query('select version, name from supabase_migrations.schema_migrations order by version');
    expect(rows).toEqual([
      { version: '0001', name: 'make_t' },
      { version: '0002', name: 'fill' },
    ]);
    expect((await db.query('select v from t')).rows).toEqual([{ v: 2 }]);
  });

  it('takes a database the CLI migrated as migrated, recording checksums', async () => {
    const dir = dirWith({ '0001_make_t.sql': 'create table t (v int);' });
    // the CLI's own DDL and insert (history.go)
    await db.exec(`CREATE SCHEMA IF NOT EXISTS supabase_migrations;
      CREATE TABLE IF NOT EXISTS supabase_migrations.schema_migrations (version text NOT NULL PRIMARY KEY);
      ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS statements text[];
      ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS name text;
      create table t (v int);`);
    await db.query('INSERT INTO supabase_migrations.schema_migrations(version, name, statements) VALUES($1, $2, $3)', [
      '0001',
      'make_t',
      ['create table t (v int)'],
    ]);
    expect(await migrate(db, dir)).toEqual([]);
    const { rows } = await db.query('select checksum from supabase_migrations.schema_migrations');
    expect(rows).toEqual([{ checksum: migrationChecksum('create table t (v int);') }]);
  });

  it('refuses a file name the CLI would not read, and two files with one version', async () => {
    await expect(migrate(db, dirWith({ 'init.sql': 'select 1;' }))).rejects.toThrow(/init\.sql failed: the file name must be/);
    await expect(migrate(db, dirWith({ '01_a.sql': 'select 1;', '01_b.sql': 'select 1;' }))).rejects.toThrow(/share a version/);
  });
});

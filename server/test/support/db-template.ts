import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, migrationFiles, MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite/pglite.js';
import { openPostgres } from '../../src/db/postgres/postgres.js';

/**
 * Migrated templates for the service suite (docs/decisions/0043): the migrations run once per change of
 * supabase/migrations, not once per test file. PGlite: a migrated data folder each test copies; PostgreSQL: a
 * template database each test file clones with CREATE DATABASE … TEMPLATE. The names carry a hash of the
 * migrations (and of the PGlite version, whose files they are), so a changed migration builds a new template.
 */

/** The installed PGlite's version (its package.json is not exported, so found from its entry point). */
export function pgliteVersion(): string {
  for (
    let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    dir !== path.dirname(dir);
    dir = path.dirname(dir)
  ) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
  }
  throw new Error('@electric-sql/pglite: package.json not found');
}

export function migrationsHash(): string {
  const h = createHash('sha256');
  for (const f of migrationFiles())
    h.update(f)
      .update('\0')
      .update(readFileSync(path.join(MIGRATIONS_DIR, f)))
      .update('\0');
  // migrate() also applies supabase/seed.sql: a changed seed is a changed template
  const seed = path.join(MIGRATIONS_DIR, '..', 'seed.sql');
  if (existsSync(seed)) h.update('seed.sql\0').update(readFileSync(seed));
  return h.digest('hex').slice(0, 16);
}

// --- PGlite: a migrated DATA_DIR/pgdata -------------------------------------------------------------------

const PGLITE_ROOT = path.join(tmpdir(), 'vibe-test-templates');
const pgliteTemplate = () => path.join(PGLITE_ROOT, `pglite-${pgliteVersion()}-${migrationsHash()}`);

/** Builds the PGlite template once (idempotent; safe when several processes race: the first rename wins). */
export async function ensurePgliteTemplate(): Promise<string> {
  const final = pgliteTemplate();
  if (existsSync(path.join(final, 'pgdata', 'PG_VERSION'))) return final;
  mkdirSync(PGLITE_ROOT, { recursive: true });
  const building = mkdtempSync(`${final}.building-`);
  try {
    const db = await openPglite(path.join(building, 'pgdata'));
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    try {
      renameSync(building, final);
    } catch (err) {
      if (!existsSync(path.join(final, 'pgdata', 'PG_VERSION'))) throw err; // lost the race to an equal copy: fine
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return final;
}

/** A new DATA_DIR whose pgdata is a copy of the migrated template (the server finds nothing left to apply). */
export async function migratedDataDir(prefix = 'svc-'): Promise<string> {
  const template = await ensurePgliteTemplate();
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(path.join(template, 'pgdata'), path.join(dir, 'pgdata'), { recursive: true });
  return dir;
}

// --- PostgreSQL: a template database on the TEST_DATABASE_URL server ---------------------------------------

function baseUrl(): URL {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  return new URL(base);
}

/** Databases this suite creates are named after the TEST_DATABASE_URL database, so runs on other bases never meet. */
function namePrefix(): string {
  const db = decodeURIComponent(baseUrl().pathname.slice(1)) || 'postgres';
  return db
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 30);
}

const urlOf = (name: string) => {
  const u = baseUrl();
  u.pathname = `/${name}`;
  return u.toString();
};

async function onServer<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: baseUrl().toString() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const pgTemplateName = () => `${namePrefix()}_tmpl_${migrationsHash()}`;

/** Builds the PostgreSQL template database once; it takes no connections afterwards, so it can always be cloned. */
export async function ensurePgTemplate(): Promise<string> {
  const name = pgTemplateName();
  const exists = await onServer(async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0);
  if (exists) return name;
  const building = `${namePrefix()}_bld_${randomBytes(6).toString('hex')}`;
  await onServer((c) => c.query(`create database "${building}"`));
  try {
    const db = await openPostgres(urlOf(building), 2);
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    await onServer(async (c) => {
      await c.query(`alter database "${building}" with allow_connections false`);
      try {
        await c.query(`alter database "${building}" rename to "${name}"`);
      } catch (err) {
        if ((err as { code?: string }).code !== '42P04') throw err; // 42P04 duplicate_database: another run built it first
      }
    });
  } finally {
    await onServer((c) => c.query(`drop database if exists "${building}" with (force)`));
  }
  return name;
}

export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
}

async function createDatabase(template?: string): Promise<TestDatabase> {
  const name = `${namePrefix()}_${randomBytes(6).toString('hex')}`;
  await onServer((c) => c.query(`create database "${name}"${template ? ` template "${template}"` : ''}`));
  return { url: urlOf(name), drop: () => onServer((c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined) };
}

/** A fresh, empty database on the TEST_DATABASE_URL server (tests of migrating itself, moves, empty start-ups). */
export const emptyPostgresDatabase = (): Promise<TestDatabase> => createDatabase();

/** A fresh database cloned from the migrated template. */
export async function migratedPostgresDatabase(): Promise<TestDatabase> {
  return createDatabase(await ensurePgTemplate());
}

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migratedDataDir } from '../../test/support/db-template.js';
import { ACCEPTED_OLD_CHECKSUMS } from './accepted-checksums.js';
import { migrate, migrationChecksum, MIGRATIONS_DIR } from './migrate.js';
import { openPglite } from './pglite/pglite.js';
import { applySeed } from './seed.js';

// The files 0013 and 0016 as releases before issue 45 shipped and applied them (seed rows inside).
const BEFORE_SEED = path.join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'migrations-before-seed');
const OLD_FILES = ['0013_plans_and_credits.sql', '0016_integrations_catalogue.sql'];

const counts = async (db: Awaited<ReturnType<typeof openPglite>>) =>
  (
    await db.query<{ plans: number; integrations: number }>(
      'select (select count(*)::int from public.plans) as plans, (select count(*)::int from public.integrations) as integrations',
    )
  ).rows[0]!;

describe('seed.sql', { timeout: 180_000 }, () => {
  it('a new install gets the catalogue rows from seed.sql, recorded as the CLI records seeds', async () => {
    const dir = await migratedDataDir('seed-');
    const db = await openPglite(path.join(dir, 'pgdata'));
    try {
      expect(await counts(db)).toEqual({ plans: 4, integrations: expect.any(Number) });
      expect((await counts(db)).integrations).toBeGreaterThan(100);
      const { rows } = await db.query<{ path: string; hash: string }>('select path, hash from supabase_migrations.seed_files');
      expect(rows).toEqual([{ path: 'supabase/seed.sql', hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
      // unchanged seed: not run again
      expect(await applySeed(db, path.join(MIGRATIONS_DIR, '..', 'seed.sql'))).toBe(false);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an install migrated by the old files starts: their checksums are accepted and replaced, nothing runs twice', async () => {
    // a project laid out as before: the old 0013 and 0016, no seed.sql
    const project = mkdtempSync(path.join(tmpdir(), 'seed-old-'));
    const oldDir = path.join(project, 'migrations');
    mkdirSync(oldDir);
    cpSync(MIGRATIONS_DIR, oldDir, { recursive: true });
    for (const f of OLD_FILES) writeFileSync(path.join(oldDir, f), readFileSync(path.join(BEFORE_SEED, f)));
    const db = await openPglite();
    try {
      await migrate(db, oldDir);
      const before = await counts(db);
      await db.exec(`update public.plans set description = 'edited by the operator' where id = 'basic'`);
      const old = await db.query<{ version: string; checksum: string }>(
        `select version, checksum from supabase_migrations.schema_migrations where version in ('0013', '0016') order by version`,
      );
      expect(old.rows.map((r) => ACCEPTED_OLD_CHECKSUMS[r.version]?.includes(r.checksum))).toEqual([true, true]);

      expect(await migrate(db)).toEqual([]); // this release's files: starts, runs no migration again
      expect(await counts(db)).toEqual(before); // the seed ran and added nothing
      const plan = await db.query<{ description: string }>(`select description from public.plans where id = 'basic'`);
      expect(plan.rows[0]!.description).toBe('edited by the operator');
      const now = await db.query<{ version: string; checksum: string }>(
        `select version, checksum from supabase_migrations.schema_migrations where version in ('0013', '0016') order by version`,
      );
      expect(now.rows.map((r) => r.checksum)).toEqual(
        OLD_FILES.map((f) => migrationChecksum(readFileSync(path.join(MIGRATIONS_DIR, f), 'utf8'))),
      );
    } finally {
      await db.close();
      rmSync(project, { recursive: true, force: true });
    }
  });
});

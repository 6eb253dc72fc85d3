import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Database } from '../../../packages/shared/src/database.types.js';
import { migratedDataDir } from '../../test/support/db-template.js';
import { openPglite } from '../db/pglite/pglite.js';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from './typescript-types.js';

const FIXTURE = path.join(import.meta.dirname, 'typegen-fixture');

describe('database types', { timeout: 60_000 }, () => {
  it('the committed packages/shared/src/database.types.ts matches the migrations (else: npm run gen:types)', async () => {
    // The schema the migrations build, from the migrated template the service suite uses (built once per change of
    // supabase/migrations, docs/decisions/0079) instead of migrating a new database here: what generateFromMigrations
    // (npm run gen:types) does, minus the migrating, which every service test and server start also runs.
    const dir = await migratedDataDir('types-');
    const db = await openPglite(path.join(dir, 'pgdata'));
    try {
      expect(await generateDatabaseTypes(db)).toBe(readFileSync(DATABASE_TYPES_FILE, 'utf8'));
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes what supabase gen types typescript writes for the fixed schema of typegen-fixture/, byte for byte', async () => {
    // typegen-fixture/expected.ts was produced by RUNNING supabase/postgres-meta's generator (commit 641831e0, 2026-08-14:
    // getGeneratorMetadata + templates/typescript.ts apply with detectOneToOneRelationships and postgrestVersion '13',
    // as the CLI's `gen types typescript` asks it; Prettier 3.5.3 from its lockfile) against PostgreSQL 15 with
    // typegen-fixture/schema.sql applied. Ours reads the same schema from PGlite.
    const db = await openPglite();
    try {
      await db.exec(readFileSync(path.join(FIXTURE, 'schema.sql'), 'utf8'));
      expect(await generateDatabaseTypes(db)).toBe(readFileSync(path.join(FIXTURE, 'expected.ts'), 'utf8'));
    } finally {
      await db.close();
    }
    // Checked by tsc: with PostgREST 12 typings (no __InternalSupabase) maxAffected is an InvalidMethodError.
    const _capped = (client: SupabaseClient<Database>) => client.from('action_plan_tasks').delete().eq('id', 'x').maxAffected(1);
    expectTypeOf<ReturnType<typeof _capped>>().not.toHaveProperty('Error');
    expectTypeOf<ReturnType<typeof _capped>>().toHaveProperty('then');
  });
});

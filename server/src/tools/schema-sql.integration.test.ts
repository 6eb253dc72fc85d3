import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { migratedDataDir } from '../../test/support/db-template.js';
import { openPglite } from '../db/pglite/pglite.js';
import { generateSchemaSql, SCHEMA_SQL_FILE } from './schema-sql.js';

// On PGlite only (the migrated template the service suite uses, as the database types check does): the committed
// file is PGlite's print of the schema, which a PostgreSQL of another major could word differently.
it('the committed supabase/schema.sql matches the migrations (else: npm run gen:schema)', { timeout: 60_000 }, async () => {
  const dir = await migratedDataDir('schema-');
  const db = await openPglite(path.join(dir, 'pgdata'));
  try {
    expect(await generateSchemaSql(db)).toBe(readFileSync(SCHEMA_SQL_FILE, 'utf8'));
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

// npm run gen:schema: writes supabase/schema.sql, the schema supabase/migrations builds, to read in one file (run after
// adding a migration; a test fails while the committed file differs). docs/database.md, "Schema at a glance".
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateSchemaFromMigrations, SCHEMA_SQL_FILE } from '../server/src/tools/schema-sql.ts';

writeFileSync(SCHEMA_SQL_FILE, await generateSchemaFromMigrations());
console.log(`wrote ${path.relative(process.cwd(), SCHEMA_SQL_FILE)}`);

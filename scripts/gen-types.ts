// npm run gen:types: writes packages/shared/src/database.types.ts from supabase/migrations (run after adding a
// migration; a unit test fails while the committed file differs). docs/decisions/0040-typed-data-layer.md.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_TYPES_FILE, generateFromMigrations } from '../server/src/tools/typescript-types.ts';

writeFileSync(DATABASE_TYPES_FILE, await generateFromMigrations());
console.log(`wrote ${path.relative(process.cwd(), DATABASE_TYPES_FILE)}`);

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The install's root folder (package.json, supabase/migrations, apps/web/dist). This module sits two levels below
 * it both in the source (server/src/paths.ts) and in the release build, where scripts/build-server.mjs bundles it
 * into each flat entry file (server/dist/main.js), so one relative step serves both.
 */
export const APP_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MIGRATIONS_DIR = path.join(APP_ROOT, 'supabase', 'migrations');
export const WEB_DIST = path.join(APP_ROOT, 'apps', 'web', 'dist');

// npm run restore -- FILE: replaces the embedded database (DATA_DIR/pgdata) with a snapshot from `npm run backup`.
// Refuses while any process holds DATA_DIR (stop the server first). The current data is kept aside as
// DATA_DIR/pgdata.before-restore-<time>, and put back if the snapshot does not open.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { acquireDataDirLock, DataDirLockedError } from '../data-dir-lock.js';
import { migrate } from '../db/migrate.js';
import { openPglite } from '../db/pglite/pglite.js';

const config = loadConfig();
const source = process.argv[2];
if (!source) {
  console.error('usage: npm run restore -- FILE');
  process.exit(2);
}
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: this install uses PostgreSQL. Restore it with pg_restore / psql.');
  process.exit(2);
}

async function restore(file: string) {
  const bytes = readFileSync(file);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new Error(`${file} is not a backup from npm run backup (not gzip).`);
  const lock = acquireDataDirLock(config.DATA_DIR);
  try {
    const dir = path.resolve(config.DATA_DIR, 'pgdata');
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const aside = `${dir}.before-restore-${stamp}`;
    const hadData = existsSync(dir) && readdirSync(dir).length > 0;
    if (hadData) renameSync(dir, aside);
    else rmSync(dir, { recursive: true, force: true });
    try {
      const db = await openPglite(dir, { loadDataDir: new Blob([bytes]) });
      try {
        // Brings an older snapshot up to this release's schema (and checks the recorded checksums).
        const applied = await migrate(db);
        const { rows } = await db.query<{ users: number; waitlist: number }>(
          'select (select count(*)::int from auth.users) as users, (select count(*)::int from public.ebook_subscribers) as waitlist',
        );
        console.log(
          `Restored ${file} into ${dir}: ${rows[0]!.users} users, ${rows[0]!.waitlist} waitlist entries${applied.length ? `, then applied ${applied.join(', ')}` : ''}.`,
        );
      } finally {
        await db.close();
      }
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      if (hadData) renameSync(aside, dir);
      throw new Error(`The snapshot did not open (${err instanceof Error ? err.message : String(err)}); the data folder is as it was.`);
    }
    if (hadData) console.log(`The previous data is kept in ${aside}; delete it once the restored install is checked.`);
  } finally {
    lock.release();
  }
}

try {
  await restore(path.resolve(source));
} catch (err) {
  console.error(
    err instanceof DataDirLockedError ? `Refusing to restore: ${err.message}` : err instanceof Error ? err.message : String(err),
  );
  process.exitCode = 1;
}

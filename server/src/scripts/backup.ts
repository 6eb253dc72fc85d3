// npm run backup -- [FILE]: a consistent snapshot of the embedded database (DATA_DIR/pgdata) into FILE
// (default ./backup-<UTC time>.tar.gz). With a server running on DATA_DIR it is taken by that server, between
// transactions, while it keeps serving; without one, this script opens the folder itself (holding its lock).
// PostgreSQL installs (DATABASE_URL) use pg_dump instead.
import { createHash } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { findRunningServer } from './running-server.js';

const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: this install uses PostgreSQL. Back it up with pg_dump (see docs/operations.md, "Backups").');
  process.exit(2);
}
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const file = path.resolve(process.argv[2] ?? `backup-${stamp}.tar.gz`);

async function snapshot(): Promise<Uint8Array> {
  const server = await findRunningServer(config);
  if (server) {
    console.log(`A server (pid ${server.pid}) is running on this data folder: taking the snapshot through it (${server.url}).`);
    const res = await server.call('/api/ops/backup', { method: 'POST' });
    if (!res.ok) throw new Error(`The running server refused: HTTP ${res.status} ${await res.text()}`);
    return new Uint8Array(await res.arrayBuffer());
  }
  const db = await openDatabase(config);
  try {
    return new Uint8Array(await (await db.snapshot!()).arrayBuffer());
  } finally {
    await db.close();
  }
}

try {
  const bytes = await snapshot();
  const tmp = `${file}.partial`;
  writeFileSync(tmp, bytes, { mode: 0o600 }); // holds password hashes and sessions: owner-only
  renameSync(tmp, file); // a half-written file never carries the final name
  const sha = createHash('sha256').update(bytes).digest('hex');
  console.log(`Backup written: ${file} (${(bytes.length / 1024 / 1024).toFixed(1)} MB, sha256 ${sha}).`);
  console.log('Restore with: npm run restore -- ' + file);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}

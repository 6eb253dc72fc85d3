import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteVersion } from './db-template.js';

/**
 * A tar of an empty, just-initialised PGlite cluster (docs/decisions/0057). The test projects set
 * PGLITE_INITDB_SNAPSHOT to it, and openPglite unpacks a new cluster from it instead of running initdb (about
 * 6 CPU seconds per in-memory database or empty DATA_DIR; with it, about 2). Built once per PGlite version.
 */
export const initdbSnapshotFile = () => path.join(tmpdir(), 'vibe-test-templates', `pglite-${pgliteVersion()}-initdb.tar`);

export async function ensureInitdbSnapshot(): Promise<string> {
  const file = initdbSnapshotFile();
  if (existsSync(file)) return file;
  mkdirSync(path.dirname(file), { recursive: true });
  const pg = await PGlite.create('memory://'); // initdb, exactly as a new cluster gets it without the snapshot
  try {
    const tar = await pg.dumpDataDir('none');
    const building = `${file}.${process.pid}.building`;
    writeFileSync(building, Buffer.from(await tar.arrayBuffer()));
    renameSync(building, file); // atomic: a racing builder writes an equal file
    rmSync(building, { force: true });
  } finally {
    await pg.close();
  }
  return file;
}

import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate, ensurePgTemplate } from './db-template.js';
import { ensureInitdbSnapshot } from './pglite-snapshot.js';
import { ensureServerBundle } from './server-bundle.js';

/**
 * vitest globalSetup of the unit and service projects (docs/decisions/0043, 0057): the empty-cluster snapshot
 * every new PGlite database is unpacked from (the workers, started after this, inherit PGLITE_INITDB_SNAPSHOT),
 * and for the service projects the migrated template each test file's server starts from and the built server
 * the operations tests run as child processes.
 */
export default async function setup(project: TestProject): Promise<void> {
  process.env.PGLITE_INITDB_SNAPSHOT ??= await ensureInitdbSnapshot();
  if (project.config.env?.SERVICE_DB) {
    const bundle = ensureServerBundle(); // for child-process servers and scripts (0068)
    // In-process test servers start PGlite's worker thread from the bundle too, not from source through tsx.
    process.env.PGLITE_WORKER_JS ??= path.join(bundle, 'pglite-worker.js');
  }
  if (project.config.env?.SERVICE_DB === 'postgres') await ensurePgTemplate();
  else if (project.config.env?.SERVICE_DB === 'pglite') await ensurePgliteTemplate();
}

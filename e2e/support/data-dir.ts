import { migratedDataDir } from '../../server/test/support/db-template';

/**
 * A DATA_DIR for a server an e2e run starts: a copy of the migrated PGlite template the service suite uses
 * (docs/decisions/0043, 0079), not an empty folder on which the server would run initdb and every migration again
 * (about 15 CPU s per server; specs with a server of their own start it once per worker that runs them). The
 * server still runs migrate() at start and finds nothing to apply, as in production after the first start.
 */
export const e2eDataDir = (tag: string): Promise<string> => migratedDataDir(`e2e-${tag}-`);

import type { AppContext } from '../context.js';
import type { SchemaCacheHolder } from './schema-cache.js';
import type { WriteGuard } from './write-limits.js';

/** What the /rest/v1 handlers share, built once by restRoutes (index.ts). */
export interface RestDeps {
  ctx: AppContext;
  schema: SchemaCacheHolder;
  /** Batch size and row-counting rate limits of POSTs and PUTs (write-limits.ts); throws 413/429. */
  guardWrite: WriteGuard;
  /** Routes ('/rpc/fn') whose POSTs may share a transaction with concurrent ones (group commit, docs/decisions/0065). */
  coalesced: ReadonlySet<string>;
}

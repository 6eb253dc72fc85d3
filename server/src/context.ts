import type { JwtVerifier } from './accounts/index.js';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import type { Lifecycle } from './http/lifecycle.js';
import type { Keys } from './keys.js';
import type { Logger } from './log.js';
import type { Mailer } from './mail/mailer.js';

/** What every service module is given; there is no other shared state. */
export interface AppContext {
  config: Config;
  db: Database;
  keys: Keys;
  log: Logger;
  mailer: Mailer;
  /** Verifies access tokens and API keys (HS256, or the AUTH_SIGNING_KEYS set). */
  jwt: JwtVerifier;
  /** Shutdown state (draining, requests in flight); set by startServer, absent in unit tests' contexts. */
  lifecycle?: Lifecycle;
}

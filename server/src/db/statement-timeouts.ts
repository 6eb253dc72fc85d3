/** The statement bounds of config.ts, milliseconds (defaults below; config.ts reads them from the environment). */
export interface StatementTimeouts {
  DB_STATEMENT_TIMEOUT_ANON_MS: number;
  DB_STATEMENT_TIMEOUT_AUTHENTICATED_MS: number;
  DB_STATEMENT_TIMEOUT_SERVICE_ROLE_MS: number;
}

/** Supabase's role bounds (anon 3 s, authenticated 8 s) and ours for service_role and the server's own work. */
export const DEFAULT_STATEMENT_TIMEOUTS: StatementTimeouts = {
  DB_STATEMENT_TIMEOUT_ANON_MS: 3_000,
  DB_STATEMENT_TIMEOUT_AUTHENTICATED_MS: 8_000,
  DB_STATEMENT_TIMEOUT_SERVICE_ROLE_MS: 60_000,
};

/**
 * A /rest/v1 request's statement timeout for its role, milliseconds. Applied per transaction (set_config(…, true)),
 * as PostgREST applies a role's `alter role … set` settings: the pool logs in as one user, so a role's own settings
 * never take effect by themselves. Any other role (none reaches here: request-role.ts) gets the smallest bound.
 */
export function statementTimeoutFor(role: string, t: StatementTimeouts): number {
  if (role === 'service_role') return t.DB_STATEMENT_TIMEOUT_SERVICE_ROLE_MS;
  if (role === 'authenticated') return t.DB_STATEMENT_TIMEOUT_AUTHENTICATED_MS;
  return t.DB_STATEMENT_TIMEOUT_ANON_MS;
}

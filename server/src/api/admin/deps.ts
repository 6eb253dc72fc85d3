import type { Context, Handler } from 'hono';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../accounts/index.js';

/** What each operators' API module is given. */
export interface AdminDeps {
  ctx: AppContext;
  /** The admin making the request (401/403 otherwise). */
  caller(c: Context): Promise<UserRow>;
  /** One security_audit_log row for an operator action, as the server. */
  audit(c: Context, admin: UserRow, event: string, details: Record<string, unknown>): Promise<void>;
}

/** A named /api/admin route handler: the request and what every operators' module gets. */
export type AdminHandler = (c: Context, deps: AdminDeps) => Response | Promise<Response>;

/** Binds named handlers to the deps, so a register function reads as a table: `app.get(path, h(listUsers))`. */
export const bindTo =
  (deps: AdminDeps) =>
  (handler: AdminHandler): Handler =>
  (c) =>
    handler(c, deps);

import type { Context } from 'hono';
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

/** Named handlers get these deps through bindTo (http/bind.ts): `app.get(path, h(listUsers))`. */
export { bindTo } from '../../http/bind.js';

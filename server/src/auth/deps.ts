import type { Context, Handler } from 'hono';
import type { AppContext } from '../context.js';
import type { AuthLimits } from './limits.js';

/** What every /auth/v1 route module gets: the app context and the shared limiters. */
export interface AuthDeps {
  ctx: AppContext;
  limits: AuthLimits;
}

/** A named /auth/v1 route handler: the request and what every route gets. */
export type AuthHandler = (c: Context, deps: AuthDeps) => Response | Promise<Response>;

/** Binds named handlers to the deps, so a register function reads as a table: `app.get(path, h(listUsers))`. */
export const bindTo =
  (deps: AuthDeps) =>
  (handler: AuthHandler): Handler =>
  (c) =>
    handler(c, deps);

import type { Hono } from 'hono';
import type { AppContext } from '../context.js';
import type { AuthLimits } from './limits.js';

/** What every /auth/v1 route module gets: the app context and the shared limiters. */
export interface AuthDeps {
  ctx: AppContext;
  limits: AuthLimits;
}

export type RegisterRoutes = (app: Hono, deps: AuthDeps) => void;

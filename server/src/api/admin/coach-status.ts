import type { Context, Hono } from 'hono';
import { coachStatus } from '../../coach/provider.js';
import { bindTo, type AdminDeps } from './deps.js';

/** GET /api/admin/coach-status: the console's coach card — provider, models, and which variables are missing. */
export function registerCoachStatus(app: Hono, deps: AdminDeps) {
  const h = bindTo(deps);
  app.get('/coach-status', h(getCoachStatus));
}

/** GET /coach-status */
async function getCoachStatus(c: Context, { ctx, caller }: AdminDeps) {
  await caller(c);
  return c.json(coachStatus(ctx.config));
}

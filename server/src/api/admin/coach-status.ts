import type { Hono } from 'hono';
import { coachStatus } from '../../coach/provider.js';
import type { AdminDeps } from './deps.js';

/** GET /api/admin/coach-status: the console's coach card — provider, models, and which variables are missing. */
export function registerCoachStatus(app: Hono, { ctx, caller }: AdminDeps) {
  app.get('/coach-status', async (c) => {
    await caller(c);
    return c.json(coachStatus(ctx.config));
  });
}

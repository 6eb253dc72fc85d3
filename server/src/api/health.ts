import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.js';
import { migrationFiles, pendingMigrations } from '../db/migrate.js';

/**
 * GET /api/health (as before: database reachable), /api/health/live (the process answers: restart it if not)
 * and /api/health/ready (send it traffic: database reachable, this release's migrations applied, not draining).
 * No-store: a cached "ok" would hide an outage.
 */
export function healthRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const expected = migrationFiles(); // this release's migrations, read once
  const noStore = { 'Cache-Control': 'no-store' };

  async function healthCheck(c: Context) {
    try {
      await ctx.db.query('select 1');
      return c.json({ status: 'ok', database: ctx.db.kind });
    } catch {
      return c.json({ status: 'unavailable', database: ctx.db.kind }, 503);
    }
  }
  app.get('/', healthCheck);

  app.get('/live', (c) => c.json({ status: 'ok' }, 200, noStore));

  async function readinessCheck(c: Context) {
    if (ctx.lifecycle?.draining) return c.json({ status: 'draining' }, 503, noStore);
    let pending: string[];
    try {
      pending = await pendingMigrations(ctx.db, expected);
    } catch {
      return c.json({ status: 'unavailable', database: ctx.db.kind }, 503, noStore);
    }
    if (pending.length) return c.json({ status: 'migrations_pending', database: ctx.db.kind, pending }, 503, noStore);
    return c.json({ status: 'ok', database: ctx.db.kind }, 200, noStore);
  }
  app.get('/ready', readinessCheck);
  return app;
}

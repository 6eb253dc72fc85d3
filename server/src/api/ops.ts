import { Hono } from 'hono';
import { requireAdmin } from '../auth/guards.js';
import type { AppContext } from '../context.js';

/**
 * /api/ops: what the operator's scripts ask a running server for, with the service-role key only (the scripts
 * read it from DATA_DIR, as the server does). POST /api/ops/backup: a consistent snapshot of the embedded database
 * (gzipped tar of its folder), taken between transactions while the server keeps serving.
 */
export function opsRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await requireAdmin(ctx, c);
    return next();
  });
  app.post('/backup', async (c) => {
    if (!ctx.db.snapshot) {
      return c.json({ code: 409, error_code: 'not_embedded', message: 'This server uses PostgreSQL (DATABASE_URL): back it up with pg_dump.' }, 409);
    }
    const started = performance.now();
    const blob = await ctx.db.snapshot();
    ctx.log.info({ bytes: blob.size, ms: Math.round(performance.now() - started) }, 'backup snapshot taken');
    return new Response(blob.stream(), {
      headers: { 'Content-Type': 'application/gzip', 'Content-Length': String(blob.size), 'Cache-Control': 'no-store' },
    });
  });
  return app;
}

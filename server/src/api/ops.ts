import type { IncomingMessage } from 'node:http';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireAdmin } from '../accounts/index.js';
import type { AppContext } from '../context.js';
import { prefixErrorResponse } from '../errors/json.js';
import { parseJsonBody } from '../http/body.js';
import { grantAdminRole } from '../security/grant-admin.js';
import { bindTo } from '../http/bind.js';

/** POST /backup */
async function backupDatabase(c: Context, ctx: AppContext) {
  if (!ctx.db.snapshot) {
    return prefixErrorResponse(c, 'not_embedded');
  }
  const started = performance.now();
  const blob = await ctx.db.snapshot();
  ctx.log.info({ bytes: blob.size, ms: Math.round(performance.now() - started) }, 'backup snapshot taken');
  return new Response(blob.stream(), {
    headers: { 'Content-Type': 'application/gzip', 'Content-Length': String(blob.size), 'Cache-Control': 'no-store' },
  });
}

/** POST /make-admin */
async function makeAdmin(c: Context, ctx: AppContext) {
  const parsed = await parseJsonBody(c, z.object({ email: z.string().trim().toLowerCase().email().max(320) }));
  if (!parsed.ok) return prefixErrorResponse(c, 'validation_failed', { message: 'email must be an e-mail address' });
  const id = await grantAdminRole(ctx.db, parsed.data.email, 'make-admin script, through the running server');
  if (!id) return prefixErrorResponse(c, 'user_not_found', { message: `No user with the e-mail ${parsed.data.email}.` });
  return c.json({ id });
}

/**
 * /api/ops: what the operator's scripts ask a running server for: the service-role key (the scripts derive it
 * from DATA_DIR, as the server does) on a connection from this machine that no proxy forwarded. A backup holds
 * password hashes and refresh tokens, more than the service key reaches through /rest/v1, so it never leaves
 * the host over the network. POST /api/ops/backup: a consistent snapshot of the embedded database
 * (gzipped tar of its folder), taken between transactions while the server keeps serving.
 * POST /api/ops/make-admin {email}: npm run make-admin while this server holds the embedded database.
 */
export function opsRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (!fromThisMachine(c)) return prefixErrorResponse(c, 'local_only');
    await requireAdmin(ctx, c);
    return next();
  });
  const h = bindTo(ctx);
  app.post('/backup', h(backupDatabase));
  app.post('/make-admin', h(makeAdmin));
  return app;
}

/**
 * A connection from this host (loopback, or the server's own address when HOST is a specific interface) with no
 * forwarding header: a script here, not a client through a reverse proxy on this host.
 */
function fromThisMachine(c: Context): boolean {
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded') || c.req.header('x-real-ip')) return false;
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  const remote = socket?.remoteAddress;
  if (!remote) return false;
  return remote === socket.localAddress || remote === '::1' || /^(::ffff:)?127\./.test(remote);
}

import { Hono, type Context } from 'hono';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@app/shared/email';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { appErrorResponse } from '../errors/json.js';
import { parseJsonBody } from '../http/body.js';
import { apiRateLimit } from './limits.js';
import { sendWaitlistConfirmations } from './waitlist-confirmations.js';
import { bindTo } from '../http/bind.js';

const body = z.object({
  name: z.string().trim().min(1).max(200),
  // The shared e-mail rule (the browser's and the table's too), lower-cased so duplicates compare equal.
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH)
    .transform((s) => s.toLowerCase())
    .pipe(z.string().regex(EMAIL_PATTERN)),
  source: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9_-]+$/)
    .optional(),
});

const pgCode = (err: unknown) => (err && typeof err === 'object' && 'code' in err ? String((err as { code: unknown }).code) : undefined);

/** POST /: an address on the waitlist. */
async function joinWaitlist(c: Context, ctx: AppContext) {
  const parsed = await parseJsonBody(c, body);
  if (!parsed.ok) {
    if (parsed.problem === 'invalid_utf8' || parsed.problem === 'unsafe_text') return appErrorResponse(c, 'invalid_text', parsed.message);
    return appErrorResponse(c, parsed.field === 'email' ? 'waitlist_email_invalid' : 'waitlist_fields_required');
  }
  const { name, email, source } = parsed.data;
  let position: number;
  try {
    // concurrent joins share one transaction and one WAL flush, each in its own savepoint (docs/decisions/0065)
    const [result] = await ctx.db.transactionBatch(
      [{ sql: 'select public.join_waitlist($1, $2, $3) as position', params: [name, email, source ?? null] }],
      { commitWithStatements: true, coalesce: 'api/waitlist' },
    );
    position = Number(result!.rows[0]!.position);
  } catch (err) {
    if (pgCode(err) === '23505') return appErrorResponse(c, 'waitlist_already_joined');
    if (pgCode(err) === '23514') return appErrorResponse(c, 'waitlist_check_failed');
    throw err;
  }
  // the join queued its confirmation in the database; the one sender sends it (as for the /rest/v1 doors)
  await sendWaitlistConfirmations(ctx);
  return c.json({ waitlist_position: position }, 201);
}

/**
 * POST /api/waitlist: joins through public.join_waitlist (gap-free position, duplicate = 23505) and mails the
 * confirmation with the position. Errors use PostgREST's {code, message} shape so the page maps 23505 as the spec says.
 */
export function waitlistRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const h = bindTo(ctx);
  app.post('/', apiRateLimit(ctx, 'waitlist'), h(joinWaitlist));
  return app;
}

import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { parseJsonBody } from '../http/body.js';
import { clientIp } from '../http/client-ip.js';
import { createRateLimiter } from '../http/rate-limit.js';
import { renderWaitlistMail } from './waitlist-mail.js';

/** Joins per client IP per window: generous for a shared office NAT, tight enough to stop a script. */
export const WAITLIST_IP_LIMIT = { points: 20, durationSeconds: 600 } as const;

const body = z.object({
  name: z.string().trim().min(1).max(200),
  // The same simple pattern as the browser's validator and the table's check, lower-cased so duplicates compare equal.
  email: z
    .string()
    .trim()
    .max(320)
    .transform((s) => s.toLowerCase())
    .pipe(z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)),
  source: z.string().trim().min(1).max(100).regex(/^[a-z0-9_-]+$/).optional(),
});

const pgCode = (err: unknown) => (err && typeof err === 'object' && 'code' in err ? String((err as { code: unknown }).code) : undefined);

/**
 * POST /api/waitlist: joins through public.join_waitlist (gap-free position, duplicate = 23505) and mails the
 * confirmation with the position. Errors use PostgREST's {code, message} shape so the page maps 23505 as the spec says.
 */
export function waitlistRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const limiter = createRateLimiter(ctx, { keyPrefix: 'waitlist-ip', ...WAITLIST_IP_LIMIT });

  app.post('/', async (c) => {
    const ip = clientIp(c, ctx.config.TRUST_PROXY);
    const limit = await limiter.consume(ip);
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return c.json({ code: 'over_request_rate_limit', message: 'Too many requests. Please try again later.' }, 429);
    }
    const parsed = await parseJsonBody(c, body);
    if (!parsed.ok) {
      if (parsed.problem === 'invalid_utf8' || parsed.problem === 'unsafe_text') return c.json({ code: 'invalid_text', message: parsed.message }, 400);
      return c.json({ code: '22023', message: parsed.field === 'email' ? 'Invalid email format' : 'Name and email are required' }, 400);
    }
    const { name, email, source } = parsed.data;
    let position: number;
    try {
      const { rows } = await ctx.db.query<{ position: number }>('select public.join_waitlist($1, $2, $3) as position', [name, email, source ?? null]);
      position = Number(rows[0]!.position);
    } catch (err) {
      if (pgCode(err) === '23505') return c.json({ code: '23505', message: 'duplicate key value violates unique constraint "ebook_subscribers_email_key"' }, 409);
      if (pgCode(err) === '23514') return c.json({ code: '23514', message: 'Invalid name or email' }, 400);
      throw err;
    }
    // The subscriber is in; a mail failure is logged, never turned into a failed join.
    const mail = renderWaitlistMail({
      brand: ctx.config.BRAND_NAME,
      siteUrl: ctx.config.SITE_URL,
      firstName: name.split(/\s+/)[0]!,
      position,
      bookingUrl: ctx.config.BOOKING_URL,
    });
    await ctx.mailer.send({ to: email, ...mail }).catch((err: unknown) => ctx.log.error({ err, position }, 'waitlist confirmation mail failed'));
    return c.json({ waitlist_position: position }, 201);
  });
  return app;
}

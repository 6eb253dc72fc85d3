import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { apiRateLimit } from '../api/limits.js';

/**
 * The weekly review's one-click unsubscribe (issue 42; RFC 8058): a link that needs no sign-in, its token an HMAC of
 * the user's id under a key derived from the server's JWT secret for this one purpose (not a JWT: it cannot be
 * used as an access token, and a forged or altered one is refused). It never expires: an old e-mail's link works.
 */
const PURPOSE = 'weekly-review-unsubscribe';

const macOf = (ctx: Pick<AppContext, 'keys'>, userId: string) => {
  const key = createHmac('sha256', ctx.keys.secretKey).update(PURPOSE).digest();
  return createHmac('sha256', key).update(`${PURPOSE}:${userId}`).digest('base64url');
};

export function unsubscribeToken(ctx: Pick<AppContext, 'keys'>, userId: string): string {
  return `${userId}.${macOf(ctx, userId)}`;
}

/** The user the token was made for, or null when it is not one of ours. */
export function verifyUnsubscribeToken(ctx: Pick<AppContext, 'keys'>, token: string): string | null {
  const [id, mac, ...rest] = token.split('.');
  if (rest.length || !id || !mac || !z.uuid().safeParse(id).success) return null;
  const want = Buffer.from(macOf(ctx, id));
  const got = Buffer.from(mac);
  return got.length === want.length && timingSafeEqual(got, want) ? id : null;
}

export function unsubscribeUrl(ctx: Pick<AppContext, 'keys' | 'config'>, userId: string): string {
  return `${ctx.config.SITE_URL.replace(/\/$/, '')}/api/weekly-review/unsubscribe?token=${unsubscribeToken(ctx, userId)}`;
}

const Query = z.object({ token: z.string().min(1).max(200) });

function page(c: Context, status: 200 | 400, brand: string, title: string, body: ReturnType<typeof html>) {
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width" />
          <meta name="robots" content="noindex" />
          <title>${title} · ${brand}</title>
        </head>
        <body style="font-family:Arial,Helvetica,sans-serif;max-width:32rem;margin:10vh auto;padding:0 1rem;line-height:1.5;color:#1f2933">
          <h1 style="font-size:1.4rem">${title}</h1>
          ${body}
        </body>
      </html>`,
    status,
    { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  );
}

/**
 * /api/weekly-review/unsubscribe?token=…: GET shows one button (mail scanners open links; a GET changes nothing);
 * POST (the button, or a mail client's List-Unsubscribe-Post one-click) turns weekly reviews off. No sign-in.
 */
export function weeklyReviewRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const brand = ctx.config.BRAND_NAME;
  const site = ctx.config.SITE_URL.replace(/\/$/, '');
  const invalid = (c: Context) =>
    page(
      c,
      400,
      brand,
      'This link does not work',
      html`<p>It may have been copied incompletely. You can turn weekly reviews off on <a href="${site}/user">your profile</a>.</p>`,
    );
  app.use('/unsubscribe', apiRateLimit(ctx, 'unsubscribe'));
  function confirmUnsubscribe(c: Context) {
    const q = Query.safeParse(c.req.query());
    if (!q.success || !verifyUnsubscribeToken(ctx, q.data.token)) return invalid(c);
    return page(
      c,
      200,
      brand,
      'Stop weekly reviews?',
      html`<p>You will no longer get the Monday e-mail with your numbers, your plan and the coach's suggestions.</p>
        <form method="post" action="?token=${q.data.token}">
          <button
            type="submit"
            style="font-size:1rem;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#2563eb;color:#fff;cursor:pointer"
          >
            Unsubscribe
          </button>
        </form>`,
    );
  }
  app.get('/unsubscribe', confirmUnsubscribe);
  async function unsubscribeOneClick(c: Context) {
    const q = Query.safeParse(c.req.query());
    const userId = q.success ? verifyUnsubscribeToken(ctx, q.data.token) : null;
    if (!userId) return invalid(c);
    await ctx.db.query(
      `insert into public.profiles (id, weekly_review) select $1, false where exists (select 1 from auth.users where id = $1)
       on conflict (id) do update set weekly_review = false`,
      [userId],
    );
    return page(
      c,
      200,
      brand,
      'You are unsubscribed',
      html`<p>You will no longer get weekly reviews. You can turn them back on at any time on <a href="${site}/user">your profile</a>.</p>`,
    );
  }
  app.post('/unsubscribe', unsubscribeOneClick);
  return app;
}

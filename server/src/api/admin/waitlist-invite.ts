import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { inviteUser } from '../../accounts/index.js';
import { ApiError } from '../../errors/api-error.js';
import { bindTo, type AdminDeps } from './deps.js';
import { adminError } from './guard.js';

const body = z.object({ ids: z.array(z.string().uuid()).min(1).max(100) });

export type InviteOutcome = 'invited' | 'already_registered' | 'failed';

/** POST /waitlist/invite: mails an account invitation to each selected subscriber and marks them 'invited'. */
export function registerWaitlistInvite(app: Hono, deps: AdminDeps) {
  const h = bindTo(deps);
  app.post('/waitlist/invite', h(inviteWaitlist));
}

/** POST /waitlist/invite */
async function inviteWaitlist(c: Context, { ctx, caller, audit }: AdminDeps) {
  const admin = await caller(c);
  const parsed = body.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) throw adminError('validation_failed', 'ids: 1 to 100 subscriber ids are required');
  const { rows } = await ctx.db.query<{ id: string; name: string; email: string }>(
    'select id, name, email from public.ebook_subscribers where id = any($1::uuid[]) order by waitlist_position',
    [parsed.data.ids],
  );
  const redirectTo = `${ctx.config.SITE_URL}/dashboard`;
  const results: { id: string; email: string; outcome: InviteOutcome; message?: string }[] = [];
  // One at a time: each invitation is a mail, and the auth mail limits apply per address.
  for (const s of rows) {
    try {
      await inviteUser(ctx, { email: s.email, redirectTo, data: { full_name: s.name } });
      await ctx.db.query(`update public.ebook_subscribers set status = 'invited' where id = $1`, [s.id]);
      results.push({ id: s.id, email: s.email, outcome: 'invited' });
    } catch (err) {
      const code = err instanceof ApiError ? String(err.body.error_code ?? err.body.code) : undefined;
      if (code === 'email_exists')
        results.push({ id: s.id, email: s.email, outcome: 'already_registered', message: 'Already has an account' });
      else {
        if (!(err instanceof ApiError)) ctx.log.error({ err, subscriber: s.id }, 'waitlist invitation failed');
        results.push({
          id: s.id,
          email: s.email,
          outcome: 'failed',
          message: err instanceof ApiError ? err.message : 'Invitation failed',
        });
      }
    }
  }
  const missing = parsed.data.ids.filter((id) => !rows.some((r) => r.id === id.toLowerCase()));
  await audit(c, admin, 'admin.waitlist_invited', {
    invited: results.filter((r) => r.outcome === 'invited').length,
    requested: parsed.data.ids.length,
    missing: missing.length,
  });
  return c.json({ results, missing });
}

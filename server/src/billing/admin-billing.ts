import type { Context, Hono } from 'hono';
import type { AppContext } from '../context.js';
import { z } from 'zod';
import { findUserById } from '../accounts/index.js';
import { bindTo, type AdminDeps } from '../api/admin/deps.js';
import { adminError } from '../api/admin/guard.js';

/**
 * Operators without Stripe (issue 41, docs/billing.md): set a customer's plan, extend a trial, grant credits,
 * each with a reason; credits as a ledger row, every action as a server audit row and an e-mail to the customer.
 * Also the inbox of requests (plan, top-up, integration, connection) with the requester's name and e-mail.
 */
const uuid = z.string().uuid();
const reason = z.string().trim().min(3).max(200);
const PlanBody = z.object({ plan_id: z.enum(['basic', 'pro', 'growth', 'enterprise']), reason });
const TrialBody = z.object({ days: z.number().int().min(1).max(90), reason });
const CreditsBody = z.object({ credits: z.number().int().min(1).max(1_000_000), reason });

const PLAN_NAMES: Record<string, string> = { basic: 'Vibe BC', pro: 'Pro', growth: 'Growth', enterprise: 'Enterprise' };

/** The customer named by :id, or 404. */
async function customer(ctx: AppContext, c: Context) {
  const id = uuid.safeParse(c.req.param('id'));
  const user = id.success ? await findUserById(ctx.db, id.data) : undefined;
  if (!user || user.deleted_at) throw adminError('user_not_found');
  return user;
}

async function body<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw adminError('validation_failed', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** The e-mail telling the customer what the team changed and why. */
async function tell(ctx: AppContext, to: string, subject: string, line: string, why: string) {
  const text = `${line}\n\nReason: ${why}\n\nOpen ${ctx.config.SITE_URL}/dashboard to see it.\n\n${ctx.config.BRAND_NAME}`;
  const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const html = `<p>${esc(line)}</p><p>Reason: ${esc(why)}</p><p><a href="${esc(ctx.config.SITE_URL)}/dashboard">Open your dashboard</a></p>`;
  try {
    await ctx.mailer.send({ to, subject, text, html });
  } catch (err) {
    // The change stands; the mail is best effort (logged).
    ctx.log.warn({ err: (err as Error).message }, 'billing notice mail failed');
  }
}

/** POST /users/:id/plan: a new plan and a new period with its monthly credits. */
async function setCustomerPlan(c: Context, { ctx, caller, audit }: AdminDeps) {
  const admin = await caller(c);
  const user = await customer(ctx, c);
  const { plan_id, reason: why } = await body(c, PlanBody);
  const credits = await ctx.db.transaction(async (tx) => {
    await tx.query(
      `update public.subscriptions set plan_id = $2, status = 'active', trial_ends_at = null, cancel_at_period_end = false,
         grace_until = null, current_period_start = now(), current_period_end = now() + interval '1 month' where user_id = $1`,
      [user.id, plan_id],
    );
    const r = await tx.query<{ credits: number }>('select credits from public.plans where id = $1', [plan_id]);
    const n = r.rows[0]?.credits ?? 0;
    // A new period: the plan's monthly credits, once; the old period's unused monthly credits expire.
    await tx.query('select public.billing_grant_period($1, $2, $3)', [user.id, n, `admin:${crypto.randomUUID()}`]);
    return n;
  });
  await audit(c, admin, 'billing.plan_set', { user_id: user.id, plan_id, credits, reason: why });
  await tell(
    ctx,
    user.email ?? '',
    `Your plan is now ${PLAN_NAMES[plan_id]}`,
    `Our team moved you to the ${PLAN_NAMES[plan_id]} plan, with ${credits.toLocaleString('en-GB')} credits this month.`,
    why,
  );
  return c.json({ plan_id, credits });
}

/** POST /users/:id/trial */
async function extendCustomerTrial(c: Context, { ctx, caller, audit }: AdminDeps) {
  const admin = await caller(c);
  const user = await customer(ctx, c);
  const { days, reason: why } = await body(c, TrialBody);
  const r = await ctx.db.query<{ trial_ends_at: string }>(
    `update public.subscriptions set status = 'trialing',
       trial_ends_at = greatest(coalesce(trial_ends_at, now()), now()) + make_interval(days => $2),
       current_period_end = greatest(coalesce(trial_ends_at, now()), now()) + make_interval(days => $2)
     where user_id = $1 returning trial_ends_at`,
    [user.id, days],
  );
  const ends = new Date(r.rows[0]!.trial_ends_at);
  await audit(c, admin, 'billing.trial_extended', { user_id: user.id, days, trial_ends_at: ends.toISOString(), reason: why });
  const day = ends.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  await tell(ctx, user.email ?? '', 'Your trial has been extended', `Our team extended your trial by ${days} days, to ${day}.`, why);
  return c.json({ trial_ends_at: ends.toISOString() });
}

/** POST /users/:id/credits: a ledger row. */
async function grantCustomerCredits(c: Context, { ctx, caller, audit }: AdminDeps) {
  const admin = await caller(c);
  const user = await customer(ctx, c);
  const { credits, reason: why } = await body(c, CreditsBody);
  await ctx.db.query(`insert into public.credit_ledger (user_id, delta, reason, feature) values ($1, $2, 'admin_grant', $3)`, [
    user.id,
    credits,
    why.slice(0, 100),
  ]);
  await audit(c, admin, 'billing.credits_granted', { user_id: user.id, credits, reason: why });
  await tell(
    ctx,
    user.email ?? '',
    'Credits added to your account',
    `Our team added ${credits.toLocaleString('en-GB')} credits to your account.`,
    why,
  );
  return c.json({ credits });
}

// The inbox of customer requests, each with who sent it (name and e-mail from the account, not from the form),
// newest first. `kind` picks one list; without it, every kind together. `handled=1` includes handled items.
const RequestsQuery = z.object({
  kind: z.enum(['plan_request', 'integration_request', 'connection_request']).optional(),
  handled: z.enum(['0', '1']).default('0'),
});
// One column list for every source, so each can stand alone or be unioned.
const columns = (kind: string, requestKind: string, title: string, body: string, extra: string, contact: string, table: string) =>
  `select '${kind}' as kind, r.id, ${requestKind} as request_kind, ${title} as title, ${body} as body, ${extra} as extra,
     r.status, r.created_at, r.handled_at, r.user_id, ${contact} as contact_email from public.${table} r`;
const REQUEST_SOURCES = {
  plan_request: columns('plan_request', 'r.kind', 'r.plan_id', 'r.detail', 'null::text', 'null::text', 'plan_requests'),
  integration_request: columns(
    'integration_request',
    "'integration'",
    'r.service_name',
    'r.description',
    'r.use_case',
    'r.contact_email',
    'integration_requests',
  ),
  connection_request: columns(
    'connection_request',
    "'connection'",
    "concat(r.source_app, ' → ', r.target_app)",
    'r.description',
    'null::text',
    'null::text',
    'connection_requests',
  ),
} as const;

/** GET /requests */
async function listCustomerRequests(c: Context, { ctx, caller }: AdminDeps) {
  await caller(c);
  const q = RequestsQuery.safeParse(c.req.query());
  if (!q.success) throw adminError('validation_failed', 'kind or handled is not valid');
  const sources = q.data.kind ? [REQUEST_SOURCES[q.data.kind]] : Object.values(REQUEST_SOURCES);
  const { rows } = await ctx.db.query(
    `select q.*, who.email, who.name from (${sources.join(' union all ')}) q
     left join lateral (
       select u.email, nullif(btrim(concat_ws(' ', p.first_name, p.surname)), '') as name
       from auth.users u left join public.profiles p on p.id = u.id where u.id = q.user_id
     ) who on true
     where $1 or q.status = 'new'
     order by q.created_at desc limit 200`,
    [q.data.handled === '1'],
  );
  return c.json({ requests: rows });
}

export function registerAdminBilling(app: Hono, deps: AdminDeps) {
  const h = bindTo(deps);
  app.post('/users/:id/plan', h(setCustomerPlan));
  app.post('/users/:id/trial', h(extendCustomerTrial));
  app.post('/users/:id/credits', h(grantCustomerCredits));
  app.get('/requests', h(listCustomerRequests));
}

import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { JwtClaims } from '../accounts/index.js';
import type { AppContext } from '../context.js';
import { asUser } from '../db/as-user.js';
import { fail, readBody } from '../functions/common.js';
import { bindTo } from '../http/bind.js';
import { liveUserClaims } from '../security/live-admin.js';
import { applyPlanEdits, PlanEditError } from './apply.js';
import { feedOwner, hasCalendarFeed, newCalendarFeed, planCalendar, revokeCalendarFeed } from './calendar.js';
import { planEditsSchema } from './edit-schema.js';
import { readActivePlan } from './store.js';
import { restorePlanVersion, undoLastPlanChange } from './versions.js';

/** A signed-in customer whose session is still live, or the refusal to answer. */
async function customer(ctx: AppContext, c: Context): Promise<JwtClaims | Response> {
  return (await liveUserClaims(ctx, c)) ?? fail(c, 'not_authenticated', 'Please sign in to change your plan.');
}

/** Runs a plan change as the customer; an edit that does not apply is a 422 with its reason, nothing changed. */
async function change(c: Context, fn: () => Promise<unknown>) {
  try {
    const result = await fn();
    return c.json({ success: true, ...(result && typeof result === 'object' ? result : {}) });
  } catch (err) {
    if (err instanceof PlanEditError) return fail(c, 'plan_edit_refused', err.message);
    throw err;
  }
}

const feedUrl = (ctx: AppContext, token: string) => `${ctx.config.SITE_URL.replace(/\/$/, '')}/calendar/v1/${token}.ics`;

/** POST /plan/edits: the customer's own edits, one version. */
async function editPlan(c: Context, ctx: AppContext) {
  const claims = await customer(ctx, c);
  if (claims instanceof Response) return claims;
  const body = await readBody(c, z.object({ edits: planEditsSchema }));
  if ('invalid' in body) return fail(c, 'validation_failed', body.invalid);
  return change(c, () => asUser(ctx.db, claims, (tx) => applyPlanEdits(tx, body.edits, { actor: 'customer' })));
}

/** POST /plan/undo */
async function undoPlanChange(c: Context, ctx: AppContext) {
  const claims = await customer(ctx, c);
  if (claims instanceof Response) return claims;
  return change(c, () => asUser(ctx.db, claims, (tx) => undoLastPlanChange(tx, 'customer')));
}

/** POST /plan/restore */
async function restorePlan(c: Context, ctx: AppContext) {
  const claims = await customer(ctx, c);
  if (claims instanceof Response) return claims;
  const body = await readBody(c, z.object({ versionId: z.uuid() }));
  if ('invalid' in body) return fail(c, 'validation_failed', body.invalid);
  return change(c, () => asUser(ctx.db, claims, (tx) => restorePlanVersion(tx, body.versionId, 'customer')));
}

/** POST /plan/calendar: the plan as a file to download (the browser holds the token, so this is a POST like every function). */
async function downloadPlanCalendar(c: Context, ctx: AppContext) {
  const claims = await customer(ctx, c);
  if (claims instanceof Response) return claims;
  const plan = await asUser(ctx.db, claims, readActivePlan);
  if (!plan) return fail(c, 'plan_not_written');
  return calendarResponse(ctx, plan.snapshot, 'attachment; filename="90-day-plan.ics"');
}

/** POST /plan/calendar-feed: the status of the secret feed, or create / revoke it. */
async function manageCalendarFeed(c: Context, ctx: AppContext) {
  const claims = await customer(ctx, c);
  if (claims instanceof Response) return claims;
  const body = await readBody(c, z.object({ action: z.enum(['status', 'create', 'revoke']) }));
  if ('invalid' in body) return fail(c, 'validation_failed', body.invalid);
  const userId = claims.sub!;
  if (body.action === 'create') return c.json({ success: true, active: true, url: feedUrl(ctx, await newCalendarFeed(ctx.db, userId)) });
  if (body.action === 'revoke') await revokeCalendarFeed(ctx.db, userId);
  return c.json({ success: true, active: await hasCalendarFeed(ctx.db, userId) });
}

/**
 * /functions/v1/plan/*: the customer's own changes to their 90-day plan, each one version (docs/plan.md). The
 * coach's changes go through the same applyPlanEdits as actor 'coach', once the customer approves them.
 */
export function planFunctionRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const h = bindTo(ctx);
  app.post('/edits', h(editPlan));
  app.post('/undo', h(undoPlanChange));
  app.post('/restore', h(restorePlan));
  app.post('/calendar', h(downloadPlanCalendar));
  app.post('/calendar-feed', h(manageCalendarFeed));
  return app;
}

function calendarResponse(ctx: AppContext, plan: Parameters<typeof planCalendar>[0], disposition: string) {
  return new Response(planCalendar(plan, { siteUrl: ctx.config.SITE_URL, brandName: ctx.config.BRAND_NAME }), {
    headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': disposition, 'Cache-Control': 'no-store' },
  });
}

/**
 * GET /calendar/v1/{token}.ics: the secret feed Google Calendar and Outlook subscribe to. The token is the
 * credential (a calendar app sends no other): it reads the owner's active plan as the owner, at aal2 because the
 * token was made by a session that had passed the second factor. Unknown or revoked: 404.
 */
async function servePlanFeed(c: Context, ctx: AppContext) {
  const owner = await feedOwner(ctx.db, c.req.param('file')!.slice(0, -4));
  const notFound = () => c.text('Not found', 404, { 'Cache-Control': 'no-store' });
  if (!owner) return notFound();
  const plan = await asUser(ctx.db, { role: 'authenticated', sub: owner, aal: 'aal2' }, readActivePlan);
  if (!plan) return notFound();
  return calendarResponse(ctx, plan.snapshot, 'inline; filename="90-day-plan.ics"');
}

/** /calendar/v1: the secret .ics feed. */
export function calendarFeedRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  app.get('/:file{[A-Za-z0-9_-]+\\.ics}', bindTo(ctx)(servePlanFeed));
  return app;
}

import type { AppContext } from '../context.js';
import { createRateLimiter, type RateLimiter, type RateLimitResult } from '../http/rate-limit.js';
import { restFailure, restRateLimited } from './errors.js';
import type { Caller } from './request-role.js';

/** How much one client may write through POST (or PUT) /rest/v1 to one table or function. */
export interface WriteLimit {
  /** Counter namespace; routes with the same bucket share their counters (the waitlist table and its RPC). */
  bucket: string;
  /** Most rows one request may insert; a bigger batch is refused before anything is counted or written. */
  maxRows: number;
  /** Rows per window from one client IP (socket, or X-Forwarded-For behind TRUST_PROXY; never the body). */
  perIp: number;
  /** Rows per window from one signed-in user (the token's sub); visitors have only the per-IP limit. */
  perUser: number;
  windowSeconds: number;
}

const HOUR = 3600;
const FIVE_MINUTES = 300;

/**
 * Issue 12 items 3–4: every table and function that anon or a signed-in user can insert into (the INSERT grants of
 * supabase/migrations, checked by server/test/sec-logs.service.test.ts), with limits that count rows, not requests.
 * The numbers and their reasons are in docs/security/sec-logs.md; keep the two in step.
 * Tables only signed-in users can write get a high per-IP limit (offices share one address); the per-user one bites.
 */
export const WRITE_LIMITS: Readonly<Record<string, WriteLimit>> = {
  // Browser telemetry: a tab flushes its queue (at most 500 events, MAX_QUEUED_EVENTS) every 5 s.
  '/analytics_events': { bucket: 'analytics', maxRows: 500, perIp: 600, perUser: 300, windowSeconds: FIVE_MINUTES },
  // Client security events are rare (a handful per page at worst).
  '/security_audit_log': { bucket: 'audit', maxRows: 10, perIp: 30, perUser: 30, windowSeconds: FIVE_MINUTES },
  // Public forms: one row per submission.
  '/rpc/join_waitlist': { bucket: 'waitlist', maxRows: 1, perIp: 20, perUser: 20, windowSeconds: HOUR },
  '/ebook_subscribers': { bucket: 'waitlist', maxRows: 1, perIp: 20, perUser: 20, windowSeconds: HOUR },
  '/contact_messages': { bucket: 'contact', maxRows: 1, perIp: 10, perUser: 10, windowSeconds: HOUR },
  '/integration_requests': { bucket: 'integration-requests', maxRows: 1, perIp: 10, perUser: 10, windowSeconds: HOUR },
  '/consent_records': { bucket: 'consent', maxRows: 1, perIp: 20, perUser: 10, windowSeconds: HOUR },
  // Signed-in users only (the insert policies refuse visitors).
  '/connection_requests': { bucket: 'connection-requests', maxRows: 1, perIp: 100, perUser: 10, windowSeconds: HOUR },
  '/plan_requests': { bucket: 'plan-requests', maxRows: 5, perIp: 300, perUser: 30, windowSeconds: HOUR },
  '/user_tools': { bucket: 'user-tools', maxRows: 40, perIp: 2000, perUser: 200, windowSeconds: HOUR },
  '/user_sessions': { bucket: 'user-sessions', maxRows: 1, perIp: 1000, perUser: 60, windowSeconds: HOUR },
  // Upserts of the user's own single row (the builder saves node positions on every drag): load, not growth.
  '/profiles': { bucket: 'profiles', maxRows: 1, perIp: 3000, perUser: 600, windowSeconds: HOUR },
  '/business_profiles': { bucket: 'business-profiles', maxRows: 1, perIp: 3000, perUser: 600, windowSeconds: HOUR },
  '/connection_ideas': { bucket: 'connection-ideas', maxRows: 20, perIp: 2000, perUser: 200, windowSeconds: HOUR },
  // The 90-day plan: the coach's approved plan edits count here too (they are written as the user, not through
  // /rest/v1): at most 30 tasks at a time.
  '/action_plans': { bucket: 'action-plans', maxRows: 1, perIp: 200, perUser: 20, windowSeconds: HOUR },
  '/action_plan_tasks': { bucket: 'action-plan-tasks', maxRows: 30, perIp: 6000, perUser: 600, windowSeconds: HOUR },
  // A plan's phases (at most 6), written by the plan's own function or a script of the customer's.
  // The business's own figures (issue 42): a few tracked metrics, and values entered or imported in batches.
  '/tracked_metrics': { bucket: 'tracked-metrics', maxRows: 10, perIp: 600, perUser: 120, windowSeconds: HOUR },
  '/metric_values': { bucket: 'metric-values', maxRows: 500, perIp: 20000, perUser: 5000, windowSeconds: HOUR },
  // Read-only Stripe (issue 42): rows are the server's to write; through /rest/v1 a customer can only disconnect.
  '/stripe_metric_sources': { bucket: 'stripe-metric-sources', maxRows: 1, perIp: 60, perUser: 10, windowSeconds: HOUR },
  '/action_plan_phases': { bucket: 'action-plan-phases', maxRows: 6, perIp: 1200, perUser: 120, windowSeconds: HOUR },
  // The weekly review (issue 42): only the server writes it (no insert grant); listed so a grant added later is tight.
  '/weekly_reviews': { bucket: 'weekly-reviews', maxRows: 1, perIp: 100, perUser: 10, windowSeconds: HOUR },
  // Connections (issue 40): made one at a time from a form, an idea or the coach; a new token or secret is rare.
  '/connections': { bucket: 'connections', maxRows: 1, perIp: 600, perUser: 60, windowSeconds: HOUR },
  '/rpc/regenerate_connection_token': { bucket: 'connection-secrets', maxRows: 1, perIp: 300, perUser: 30, windowSeconds: HOUR },
  '/rpc/rotate_connection_secret': { bucket: 'connection-secrets', maxRows: 1, perIp: 300, perUser: 30, windowSeconds: HOUR },
  // The CRM (issue 43): records typed or dragged one at a time; imports go through /functions/v1/crm/import (one
  // transaction, its own limit). The board's first load makes the default pipeline, so it is a write function too.
  '/crm_companies': { bucket: 'crm-companies', maxRows: 50, perIp: 20000, perUser: 2000, windowSeconds: HOUR },
  '/crm_contacts': { bucket: 'crm-contacts', maxRows: 100, perIp: 20000, perUser: 2000, windowSeconds: HOUR },
  '/crm_custom_fields': { bucket: 'crm-custom-fields', maxRows: 30, perIp: 1000, perUser: 100, windowSeconds: HOUR },
  '/crm_stages': { bucket: 'crm-stages', maxRows: 10, perIp: 1000, perUser: 100, windowSeconds: HOUR },
  '/crm_deals': { bucket: 'crm-deals', maxRows: 100, perIp: 20000, perUser: 2000, windowSeconds: HOUR },
  '/crm_activities': { bucket: 'crm-activities', maxRows: 50, perIp: 20000, perUser: 2000, windowSeconds: HOUR },
  '/crm_tasks': { bucket: 'crm-tasks', maxRows: 50, perIp: 20000, perUser: 2000, windowSeconds: HOUR },
  '/crm_saved_views': { bucket: 'crm-saved-views', maxRows: 1, perIp: 1000, perUser: 100, windowSeconds: HOUR },
  '/rpc/crm_board': { bucket: 'crm-board', maxRows: 1, perIp: 30000, perUser: 3000, windowSeconds: HOUR },
  '/rpc/crm_move_deal': { bucket: 'crm-pipeline', maxRows: 1, perIp: 30000, perUser: 3000, windowSeconds: HOUR },
  '/rpc/crm_reorder_stages': { bucket: 'crm-pipeline', maxRows: 1, perIp: 30000, perUser: 3000, windowSeconds: HOUR },
  '/rpc/crm_delete_stage': { bucket: 'crm-pipeline', maxRows: 1, perIp: 30000, perUser: 3000, windowSeconds: HOUR },
};

/** Any table not listed above (one added later): still limited, never open. RPCs not listed are not counted. */
export const DEFAULT_TABLE_WRITE_LIMIT: WriteLimit = { bucket: 'other', maxRows: 100, perIp: 1000, perUser: 300, windowSeconds: HOUR };

export function writeLimitFor(route: string): WriteLimit | undefined {
  return WRITE_LIMITS[route] ?? (route.startsWith('/rpc/') ? undefined : DEFAULT_TABLE_WRITE_LIMIT);
}

/** `ip`: the client's address as `http/client-ip.ts` reads it from the request (the socket, or X-Forwarded-For behind TRUST_PROXY). */
export type WriteGuard = (ip: string, caller: Caller, route: string, rows: number) => Promise<void>;

/**
 * Checks a write before it runs: the batch size, then the caller's IP and user counters, each taking as many points
 * as the request has rows. The service role (server-side jobs) is not limited. Throws RestError 413 or 429.
 */
export function createWriteGuard(ctx: AppContext): WriteGuard {
  const limiters = new Map<string, RateLimiter>();
  const limiter = (limit: WriteLimit, who: 'ip' | 'user') => {
    const keyPrefix = `rest-${limit.bucket}-${who}`;
    let l = limiters.get(keyPrefix);
    if (!l) {
      l = createRateLimiter(ctx, { keyPrefix, points: who === 'ip' ? limit.perIp : limit.perUser, durationSeconds: limit.windowSeconds });
      limiters.set(keyPrefix, l);
    }
    return l;
  };
  return async (ip, caller, route, rows) => {
    if (caller.role === 'service_role') return;
    const limit = writeLimitFor(route);
    if (!limit) return;
    if (rows > limit.maxRows) {
      throw restFailure('batchTooLarge', limit.maxRows, route, rows);
    }
    if (rows < 1) return;
    const checks: Promise<RateLimitResult>[] = [limiter(limit, 'ip').consume(ip, rows)];
    if (caller.role === 'authenticated' && typeof caller.claims.sub === 'string')
      checks.push(limiter(limit, 'user').consume(caller.claims.sub, rows));
    const refused = (await Promise.all(checks)).filter((r) => !r.allowed);
    if (refused.length) throw restRateLimited(Math.max(...refused.map((r) => (r.allowed ? 0 : r.retryAfterSeconds))));
  };
}

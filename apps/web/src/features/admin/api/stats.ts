import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { adminFetch, unwrap } from './admin-fetch';
import type { AnalyticsSummary } from '@app/shared/admin';
import type { AuditSource } from '@app/shared/security-events';

export type { AnalyticsSummary, AuditSource };

// The stats functions return jsonb; these schemas check it where it enters the app.
const topEventTypes = z.array(z.object({ event_type: z.string(), count: z.number() }));
const latestEventSchema = z.object({
  id: z.number(),
  event_type: z.string(),
  event_data: z.record(z.string(), z.unknown()),
  session_id: z.string().nullable(),
  user_id: z.string().nullable(),
  created_at: z.string(),
});
/** public.analytics_stats: the specification's view over the latest 1000 events. */
const analyticsStatsSchema = z.object({
  total_events: z.number(),
  unique_sessions: z.number(),
  unique_users: z.number(),
  top_event_types: topEventTypes,
  latest: z.array(latestEventSchema),
});
const SEVERITIES = ['info', 'warn', 'error', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];
const securityStatsSchema = z.object({
  total_events: z.number(),
  by_severity: z.record(z.enum(SEVERITIES), z.number()),
  by_source: z.record(z.enum(['server', 'client'] satisfies AuditSource[]), z.number()),
  top_event_types: topEventTypes,
});
const auditEntrySchema = z.object({
  id: z.number(),
  event_type: z.string(),
  event_details: z.record(z.string(), z.unknown()),
  severity: z.enum(SEVERITIES),
  user_id: z.string().nullable(),
  ip_address: z.string().nullable(),
  created_at: z.string(),
  /** Stamped by the database: 'server' for the server's own rows, 'client' for what a browser reported. */
  source: z.enum(['server', 'client'] satisfies AuditSource[]),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** public.admin_overview: the counts on the console's header. */
const overviewSchema = z.object({
  waitlist: z.number(),
  new_plan_requests: z.number(),
  new_integration_requests: z.number(),
  new_connection_requests: z.number(),
  new_contact_messages: z.number(),
});
export const fetchOverview = async () => overviewSchema.parse(unwrap(await supabase().rpc('admin_overview')));

export const fetchAnalyticsSummary = (days: number) => adminFetch<AnalyticsSummary>(`/analytics/summary?days=${days}`);
export const fetchAnalyticsStats = async () => analyticsStatsSchema.parse(unwrap(await supabase().rpc('analytics_stats')));
export const fetchSecurityStats = async () => securityStatsSchema.parse(unwrap(await supabase().rpc('security_stats')));
export const fetchFailedSignIns = (days: number) =>
  adminFetch<{ days: number; series: { day: string; count: number }[] }>(`/security/failed-sign-ins?days=${days}`);

/** The latest 50 audit entries, optionally of one severity and one source (RLS: admins only). */
export async function fetchAuditEntries(severity: Severity | 'all', source: AuditSource | 'all' = 'all'): Promise<AuditEntry[]> {
  let q = supabase().from('security_audit_log').select('id, event_type, event_details, severity, user_id, ip_address, created_at, source');
  if (severity !== 'all') q = q.eq('severity', severity);
  if (source !== 'all') q = q.eq('source', source);
  return z
    .array(auditEntrySchema)
    .parse(unwrap(await q.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(50)));
}

const weeklyReviewCountsSchema = z.object({
  weeks: z.array(z.object({ weekStart: z.string(), sent: z.number(), skipped: z.number(), failed: z.number() })),
});
/** GET /api/admin/weekly-reviews: the weekly reviews of the last `weeks` weeks (issue 42), newest first. */
export const fetchWeeklyReviewCounts = async (weeks: number) =>
  weeklyReviewCountsSchema.parse(await adminFetch<unknown>(`/weekly-reviews?weeks=${weeks}`));

const connectionRunCountsSchema = z.object({
  months: z.array(z.object({ month: z.string(), runs: z.number(), refused: z.number(), customersRefused: z.number() })),
});
/** GET /api/admin/connection-runs: connection runs accepted and refused at the plans' limits, the last `months` months. */
export const fetchConnectionRunCounts = async (months: number) =>
  connectionRunCountsSchema.parse(await adminFetch<unknown>(`/connection-runs?months=${months}`));

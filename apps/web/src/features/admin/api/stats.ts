import { supabase } from '@/lib/supabase';
import { adminFetch, unwrap } from './admin-fetch';
import type { AnalyticsSummary } from '@app/shared/admin';
import type { AuditSource } from '@app/shared/security-events';

export type { AnalyticsSummary, AuditSource };

export interface LatestEvent {
  id: number;
  event_type: string;
  event_data: Record<string, unknown>;
  session_id: string | null;
  user_id: string | null;
  created_at: string;
}
/** public.analytics_stats: the specification's view over the latest 1000 events. */
export interface AnalyticsStats {
  total_events: number;
  unique_sessions: number;
  unique_users: number;
  top_event_types: { event_type: string; count: number }[];
  latest: LatestEvent[];
}
export interface AuditEntry {
  id: number;
  event_type: string;
  event_details: Record<string, unknown>;
  severity: Severity;
  user_id: string | null;
  ip_address: string | null;
  created_at: string;
  /** Stamped by the database: 'server' for the server's own rows, 'client' for what a browser reported. */
  source: AuditSource;
}
export type Severity = 'info' | 'warn' | 'error' | 'critical';
export interface SecurityStats {
  total_events: number;
  by_severity: Record<Severity, number>;
  by_source: Record<AuditSource, number>;
  top_event_types: { event_type: string; count: number }[];
}

export const fetchAnalyticsSummary = (days: number) => adminFetch<AnalyticsSummary>(`/analytics/summary?days=${days}`);
export const fetchAnalyticsStats = async () => unwrap(await supabase().rpc('analytics_stats')) as AnalyticsStats;
export const fetchSecurityStats = async () => unwrap(await supabase().rpc('security_stats')) as SecurityStats;
export const fetchFailedSignIns = (days: number) => adminFetch<{ days: number; series: { day: string; count: number }[] }>(`/security/failed-sign-ins?days=${days}`);

/** The latest 50 audit entries, optionally of one severity and one source (RLS: admins only). */
export async function fetchAuditEntries(severity: Severity | 'all', source: AuditSource | 'all' = 'all'): Promise<AuditEntry[]> {
  let q = supabase().from('security_audit_log').select('id, event_type, event_details, severity, user_id, ip_address, created_at, source');
  if (severity !== 'all') q = q.eq('severity', severity);
  if (source !== 'all') q = q.eq('source', source);
  return unwrap(await q.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(50)) as AuditEntry[];
}

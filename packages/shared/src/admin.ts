/** The operators' API (/api/admin) contract, shared by the server that answers and the console that asks. */

/** docs/product.md#analytics: scroll depth is reported at these percentages. */
export const SCROLL_MARKS = [25, 50, 75, 100] as const;

export interface AdminUserSummary {
  id: string;
  email: string | null;
  full_name: string | null;
  created_at: string;
  last_sign_in_at: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  banned_until: string | null;
  is_admin: boolean;
  mfa_factors: number;
}

export interface AnalyticsSummary {
  days: number;
  totals: { event_type: string; count: number }[];
  page_views: { path: string; count: number }[];
  /** Sessions that reached each mark; a session counts once per mark. */
  scroll_funnel: { depth: number; sessions: number }[];
  sessions: number;
  engaged_sessions: number;
  /** engaged_sessions / sessions, 0 when there were none. */
  engaged_rate: number;
  daily: { day: string; page_views: number; sessions: number }[];
}

/** GET /api/admin/waitlist/mail: the waitlist confirmation queue (issue 38 #7). */
export interface WaitlistMailCounts {
  /** Waiting for their first attempt or for a retry. */
  queued: number;
  /** Accepted by the SMTP server. */
  sent: number;
  /** Refused on every attempt (WAITLIST_MAIL_MAX_ATTEMPTS); kept for the operator. */
  failed: number;
}

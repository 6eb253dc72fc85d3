import { keepPreviousData, queryOptions, useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { fetchCoachStatus } from './coach-status';
import { fetchSiteSetup } from './site-setup';
import { fetchInbox, markHandled, type InboxKind } from './inbox';
import {
  fetchAnalyticsStats,
  fetchAnalyticsSummary,
  fetchAuditEntries,
  fetchConnectionRunCounts,
  fetchFailedSignIns,
  fetchOverview,
  fetchSecurityStats,
  fetchWeeklyReviewCounts,
  type AuditSource,
  type Severity,
} from './stats';
import { fetchUsers } from './users';
import { fetchSubscribers, fetchWaitlistMailCounts, inviteSubscribers, type InviteResult, type WaitlistQuery } from './waitlist';

/** The console's query keys: everything under ['admin'], so a user change or sign-out drops it with the rest. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userPage: (search: string, page: number) => [...adminKeys.users(), search, page] as const,
  // under users(): every change that refreshes the list refreshes the count too
  accountCount: () => [...adminKeys.users(), 'count'] as const,
  waitlist: () => [...adminKeys.all, 'waitlist'] as const,
  waitlistPage: (q: WaitlistQuery) => [...adminKeys.waitlist(), q] as const,
  waitlistMail: () => [...adminKeys.waitlist(), 'mail'] as const,
  inbox: (kind: InboxKind) => [...adminKeys.all, 'inbox', kind] as const,
  inboxList: (kind: InboxKind, showHandled: boolean) => [...adminKeys.inbox(kind), showHandled] as const,
  audit: (severity: Severity | 'all', source: AuditSource | 'all') => [...adminKeys.all, 'audit', severity, source] as const,
  securityStats: () => [...adminKeys.all, 'security', 'stats'] as const,
  failedSignIns: (days: number) => [...adminKeys.all, 'security', 'failed', days] as const,
  analyticsSummary: (days: number) => [...adminKeys.all, 'analytics', 'summary', days] as const,
  analyticsStats: () => [...adminKeys.all, 'analytics', 'stats'] as const,
  coachStatus: () => [...adminKeys.all, 'coach-status'] as const,
  siteSetup: () => [...adminKeys.all, 'site-setup'] as const,
  weeklyReviews: (weeks: number) => [...adminKeys.all, 'weekly-reviews', weeks] as const,
  connectionRuns: (months: number) => [...adminKeys.all, 'connection-runs', months] as const,
};

export const weeklyReviewCountsQuery = (weeks: number) =>
  queryOptions({ queryKey: adminKeys.weeklyReviews(weeks), queryFn: () => fetchWeeklyReviewCounts(weeks) });
export const connectionRunCountsQuery = (months: number) =>
  queryOptions({ queryKey: adminKeys.connectionRuns(months), queryFn: () => fetchConnectionRunCounts(months) });
export const overviewQuery = () => queryOptions({ queryKey: adminKeys.overview(), queryFn: fetchOverview });
export const userPageQuery = (search: string, page: number, perPage: number) =>
  queryOptions({
    queryKey: adminKeys.userPage(search, page),
    queryFn: () => fetchUsers(search, page, perPage),
    placeholderData: keepPreviousData,
  });
/** The one definition of "accounts" in the console: users that are not deleted, as the server's /users counts them. */
export const accountCountQuery = () =>
  queryOptions({ queryKey: adminKeys.accountCount(), queryFn: async () => (await fetchUsers('', 1, 1)).total, staleTime: 0 });
export const waitlistPageQuery = (q: WaitlistQuery) =>
  queryOptions({ queryKey: adminKeys.waitlistPage(q), queryFn: () => fetchSubscribers(q), placeholderData: keepPreviousData });
export const waitlistMailQuery = () => queryOptions({ queryKey: adminKeys.waitlistMail(), queryFn: fetchWaitlistMailCounts });
export const inboxQuery = (kind: InboxKind, showHandled: boolean) =>
  queryOptions({ queryKey: adminKeys.inboxList(kind, showHandled), queryFn: () => fetchInbox(kind, showHandled) });
export const auditQuery = (severity: Severity | 'all', source: AuditSource | 'all') =>
  queryOptions({ queryKey: adminKeys.audit(severity, source), queryFn: () => fetchAuditEntries(severity, source) });
export const securityStatsQuery = () => queryOptions({ queryKey: adminKeys.securityStats(), queryFn: fetchSecurityStats });
export const failedSignInsQuery = (days: number) =>
  queryOptions({ queryKey: adminKeys.failedSignIns(days), queryFn: () => fetchFailedSignIns(days) });
export const analyticsSummaryQuery = (days: number) =>
  queryOptions({ queryKey: adminKeys.analyticsSummary(days), queryFn: () => fetchAnalyticsSummary(days) });
export const analyticsStatsQuery = () => queryOptions({ queryKey: adminKeys.analyticsStats(), queryFn: fetchAnalyticsStats });
export const coachStatusQuery = () => queryOptions({ queryKey: adminKeys.coachStatus(), queryFn: fetchCoachStatus });
export const siteSetupQuery = () => queryOptions({ queryKey: adminKeys.siteSetup(), queryFn: fetchSiteSetup });

/** What a screen adds to a mutation (toasts, clearing a selection); the hook owns the call and the refresh. */
type Callbacks<T, V> = Pick<UseMutationOptions<T, Error, V>, 'onSuccess' | 'onError'>;

/** A user action (grant, ban, reset MFA, ...): runs it, then refreshes the user list and the account count. */
export function useUserAction(cb: Callbacks<string, { run: () => Promise<unknown>; done: string }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    ...cb,
    mutationFn: async (a) => {
      await a.run();
      return a.done;
    },
    onSuccess: (...args) => {
      void qc.invalidateQueries({ queryKey: adminKeys.users() });
      return cb.onSuccess?.(...args);
    },
  });
}

export function useInviteSubscribers(cb: Callbacks<InviteResult, string[]> = {}) {
  const qc = useQueryClient();
  return useMutation({
    ...cb,
    mutationFn: inviteSubscribers,
    onSuccess: (...args) => {
      void qc.invalidateQueries({ queryKey: adminKeys.waitlist() });
      return cb.onSuccess?.(...args);
    },
  });
}

export function useMarkHandled(kind: InboxKind, cb: Callbacks<void, { id: string; handled: boolean }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    ...cb,
    mutationFn: (a) => markHandled(kind, a.id, a.handled),
    onSuccess: (...args) => {
      void qc.invalidateQueries({ queryKey: adminKeys.inbox(kind) });
      void qc.invalidateQueries({ queryKey: adminKeys.overview() });
      return cb.onSuccess?.(...args);
    },
  });
}

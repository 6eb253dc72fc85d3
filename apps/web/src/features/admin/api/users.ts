import { supabase } from '@/lib/supabase';
import { adminFetch } from './admin-fetch';
import type { AdminUserSummary as AdminUser } from '@app/shared/admin';

export type { AdminUser };

export const fetchUsers = (q: string, page: number, perPage: number) =>
  adminFetch<{ users: AdminUser[]; total: number }>(`/users?${new URLSearchParams({ q, page: String(page), per_page: String(perPage) })}`);
export const setAdmin = (id: string, admin: boolean) => adminFetch(`/users/${id}/admin`, { body: { admin } });
export const setBanned = (id: string, banned: boolean) => adminFetch(`/users/${id}/ban`, { body: { banned } });
export const resetMfa = (id: string) => adminFetch<{ factors_removed: number }>(`/users/${id}/reset-mfa`, { body: {} });

/** The admin password override (docs/product.md#admin-password-override 'emergency-password-change'); the function checks the caller and audits it. */
export async function overridePassword(email: string, newPassword: string): Promise<void> {
  const { error } = await supabase().functions.invoke('emergency-password-change', { body: { email, newPassword } });
  if (!error) return;
  // FunctionsHttpError carries the response; its JSON message is more useful than "non-2xx status code".
  const ctx = (error as { context?: Response }).context;
  const body =
    ctx && typeof ctx.json === 'function' ? ((await ctx.json().catch(() => null)) as { message?: string; error?: string } | null) : null;
  throw new Error(body?.message ?? body?.error ?? error.message);
}

/** Issue 41, without Stripe: each with a reason; the server writes the ledger and audit rows and mails the customer. */
export const setUserPlan = (id: string, plan_id: string, reason: string) => adminFetch(`/users/${id}/plan`, { body: { plan_id, reason } });
export const extendTrial = (id: string, days: number, reason: string) => adminFetch(`/users/${id}/trial`, { body: { days, reason } });
export const grantCredits = (id: string, credits: number, reason: string) =>
  adminFetch(`/users/${id}/credits`, { body: { credits, reason } });

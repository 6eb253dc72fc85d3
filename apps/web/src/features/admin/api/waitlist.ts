import { supabase } from '@/lib/supabase';
import type { WaitlistMailCounts } from '@app/shared/admin';
import { adminFetch, unwrap } from './admin-fetch';

const STATUSES = ['waiting', 'invited', 'joined', 'unsubscribed'] as const;
export interface Subscriber {
  id: string;
  waitlist_position: number;
  name: string;
  email: string;
  status: (typeof STATUSES)[number];
  source: string;
  created_at: string;
}
export type SubscriberColumn = 'waitlist_position' | 'name' | 'email' | 'status' | 'source' | 'created_at';
export interface WaitlistQuery {
  search: string;
  sort: SubscriberColumn;
  ascending: boolean;
  page: number;
  pageSize: number;
}

const COLUMNS = 'id, waitlist_position, name, email, status, source, created_at';

/** PostgREST's or() syntax reserves , ( ) and quotes; a search term keeps only what cannot break the filter. */
export const cleanSearch = (s: string) =>
  s
    .replace(/[,()"'*\\%_]/g, ' ')
    .trim()
    .slice(0, 100);

// The database's check constraint admits exactly these statuses (0010_public_submissions.sql).
const isStatus = (s: string): s is Subscriber['status'] => (STATUSES as readonly string[]).includes(s);
const toSubscribers = (rows: (Omit<Subscriber, 'status'> & { status: string })[]) =>
  rows.flatMap((r) => (isStatus(r.status) ? [{ ...r, status: r.status }] : []));

function filtered(search: string, count?: 'exact') {
  let q = supabase()
    .from('ebook_subscribers')
    .select(COLUMNS, count ? { count } : undefined);
  const term = cleanSearch(search);
  if (term) q = q.or(`name.ilike.*${term}*,email.ilike.*${term}*`);
  return q;
}

/** One page of subscribers (RLS: admins only), with the total for the pager. */
export async function fetchSubscribers(q: WaitlistQuery): Promise<{ rows: Subscriber[]; total: number }> {
  const from = (q.page - 1) * q.pageSize;
  const r = await filtered(q.search, 'exact')
    .order(q.sort, { ascending: q.ascending })
    .order('waitlist_position', { ascending: true })
    .range(from, from + q.pageSize - 1);
  return { rows: toSubscribers(unwrap(r)), total: r.count ?? 0 };
}

/** Every subscriber matching the search, in the chosen order, fetched 1000 at a time (the server's row cap). */
export async function fetchAllSubscribers(search: string, sort: SubscriberColumn, ascending: boolean): Promise<Subscriber[]> {
  const all: Subscriber[] = [];
  for (let from = 0; ; from += 1000) {
    const r = await filtered(search)
      .order(sort, { ascending })
      .order('waitlist_position', { ascending: true })
      .range(from, from + 999);
    const rows = unwrap(r);
    all.push(...toSubscribers(rows));
    if (rows.length < 1000) return all;
  }
}

export interface InviteResult {
  results: { id: string; email: string; outcome: 'invited' | 'already_registered' | 'failed'; message?: string }[];
  missing: string[];
}
export const inviteSubscribers = (ids: string[]) => adminFetch<InviteResult>('/waitlist/invite', { body: { ids } });

export type { WaitlistMailCounts };
/** The confirmation mail queue: queued (first try or a retry due), sent, failed for good. */
export const fetchWaitlistMailCounts = () => adminFetch<WaitlistMailCounts>('/waitlist/mail');

import { PLANS, type PlanId } from '@app/shared';
import { supabase } from '@/lib/supabase';
import { adminFetch, unwrap } from './admin-fetch';

export type InboxKind = 'plan_request' | 'integration_request' | 'connection_request' | 'contact_message';
type RequestKind = Exclude<InboxKind, 'contact_message'>;
export interface InboxItem {
  id: string;
  status: 'new' | 'handled';
  created_at: string;
  handled_at: string | null;
  title: string;
  from: string | null;
  body: string;
  extra?: string;
}

type Head = Pick<InboxItem, 'id' | 'created_at' | 'handled_at'> & { status: string };
const head = (r: Head) => ({
  id: r.id,
  status: r.status === 'handled' ? ('handled' as const) : ('new' as const),
  created_at: r.created_at,
  handled_at: r.handled_at,
});

/** A customer request as GET /api/admin/requests answers it: the row, and the account that sent it. */
interface RequestRow extends Head {
  request_kind: string;
  title: string | null;
  body: string | null;
  extra: string | null;
  contact_email: string | null;
  name: string | null;
  email: string | null;
}

/** "Grace Hopper <grace@example.com>" from the account; a form's own contact address only when it differs. */
function requester(r: RequestRow): string | null {
  const account = r.email ? (r.name ? `${r.name} <${r.email}>` : r.email) : r.name;
  const contact = r.contact_email && r.contact_email !== r.email ? `contact: ${r.contact_email}` : null;
  return [account ?? 'Deleted account', contact].filter(Boolean).join(' · ') || null;
}

function planRequestTitle(r: RequestRow): string {
  if (r.request_kind === 'upgrade') return `Upgrade to ${PLANS[r.title as PlanId]?.name ?? r.title}`;
  return r.request_kind === 'top_up' ? 'Credit top-up' : 'Service request';
}

async function fetchRequests(kind: RequestKind, showHandled: boolean): Promise<InboxItem[]> {
  const { requests } = await adminFetch<{ requests: RequestRow[] }>(`/requests?kind=${kind}&handled=${showHandled ? 1 : 0}`);
  return requests.map((r) => ({
    ...head(r),
    title: kind === 'plan_request' ? planRequestTitle(r) : (r.title ?? ''),
    from: requester(r),
    body: r.body ?? '',
    extra: r.extra ? `Use case: ${r.extra}` : undefined,
  }));
}

// Requests come from the server with their sender; contact messages carry their own name and e-mail.
const SOURCES: Record<InboxKind, (showHandled: boolean) => Promise<InboxItem[]>> = {
  plan_request: (showHandled) => fetchRequests('plan_request', showHandled),
  integration_request: (showHandled) => fetchRequests('integration_request', showHandled),
  connection_request: (showHandled) => fetchRequests('connection_request', showHandled),
  contact_message: async (showHandled) => {
    let q = supabase().from('contact_messages').select('id, status, created_at, handled_at, name, email, subject, message');
    if (!showHandled) q = q.eq('status', 'new');
    return unwrap(await q.order('created_at', { ascending: false }).limit(100)).map((r) => ({
      ...head(r),
      title: r.subject || `Message from ${r.name}`,
      from: `${r.name} <${r.email}>`,
      body: r.message ?? '',
    }));
  },
};

/** The latest 100 items of one kind, new ones first. */
export const fetchInbox = (kind: InboxKind, showHandled: boolean): Promise<InboxItem[]> => SOURCES[kind](showHandled);

export async function markHandled(kind: InboxKind, id: string, handled: boolean): Promise<void> {
  unwrap(await supabase().rpc('mark_inbox_item_handled', { p_kind: kind, p_id: id, p_handled: handled }));
}

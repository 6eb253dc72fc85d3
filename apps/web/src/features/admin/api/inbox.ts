import { supabase } from '@/lib/supabase';
import { unwrap } from './admin-fetch';

export type InboxKind = 'integration_request' | 'connection_request' | 'contact_message';
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

// One typed query per table: the three inboxes have different columns.
const SOURCES: Record<InboxKind, (showHandled: boolean) => Promise<InboxItem[]>> = {
  integration_request: async (showHandled) => {
    let q = supabase()
      .from('integration_requests')
      .select('id, status, created_at, handled_at, service_name, description, use_case, contact_email');
    if (!showHandled) q = q.eq('status', 'new');
    return unwrap(await q.order('created_at', { ascending: false }).limit(100)).map((r) => ({
      ...head(r),
      title: r.service_name,
      from: r.contact_email,
      body: r.description ?? '',
      extra: r.use_case ? `Use case: ${r.use_case}` : undefined,
    }));
  },
  connection_request: async (showHandled) => {
    let q = supabase().from('connection_requests').select('id, status, created_at, handled_at, source_app, target_app, description');
    if (!showHandled) q = q.eq('status', 'new');
    return unwrap(await q.order('created_at', { ascending: false }).limit(100)).map((r) => ({
      ...head(r),
      title: `${r.source_app} → ${r.target_app}`,
      from: null,
      body: r.description ?? '',
    }));
  },
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

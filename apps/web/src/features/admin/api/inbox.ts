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

const SOURCES: Record<InboxKind, { table: string; columns: string; map: (r: Record<string, string | null>) => Omit<InboxItem, 'id' | 'status' | 'created_at' | 'handled_at'> }> = {
  integration_request: {
    table: 'integration_requests',
    columns: 'id, status, created_at, handled_at, service_name, description, use_case, contact_email',
    map: (r) => ({ title: r.service_name ?? '', from: r.contact_email, body: r.description ?? '', extra: r.use_case ? `Use case: ${r.use_case}` : undefined }),
  },
  connection_request: {
    table: 'connection_requests',
    columns: 'id, status, created_at, handled_at, source_app, target_app, description',
    map: (r) => ({ title: `${r.source_app} → ${r.target_app}`, from: null, body: r.description ?? '' }),
  },
  contact_message: {
    table: 'contact_messages',
    columns: 'id, status, created_at, handled_at, name, email, subject, message',
    map: (r) => ({ title: r.subject || `Message from ${r.name}`, from: `${r.name} <${r.email}>`, body: r.message ?? '' }),
  },
};

/** The latest 100 items of one kind, new ones first. */
export async function fetchInbox(kind: InboxKind, showHandled: boolean): Promise<InboxItem[]> {
  const s = SOURCES[kind];
  let q = supabase().from(s.table).select(s.columns);
  if (!showHandled) q = q.eq('status', 'new');
  const rows = unwrap(await q.order('created_at', { ascending: false }).limit(100)) as unknown as Record<string, string | null>[];
  return rows.map((r) => ({ id: r.id!, status: r.status as InboxItem['status'], created_at: r.created_at!, handled_at: r.handled_at, ...s.map(r) }));
}

export async function markHandled(kind: InboxKind, id: string, handled: boolean): Promise<void> {
  unwrap(await supabase().rpc('mark_inbox_item_handled', { p_kind: kind, p_id: id, p_handled: handled }));
}

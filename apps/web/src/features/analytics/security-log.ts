import type { ClientSecurityEventType, ClientSecuritySeverity } from '@app/shared';
import { toJson } from '@/lib/data/json';
import { loadSupabase } from '@/lib/supabase';

export type SecuritySeverity = ClientSecuritySeverity;

/**
 * docs/product.md#analytics: one security_audit_log row from the browser. The database admits only the named client event types at
 * info or warn (issue 12), and stamps time, user, IP, user agent and source 'client' itself.
 * Security logging is not analytics: it does not wait for consent, and its errors only reach the console.
 */
export async function logSecurityEvent(
  eventType: ClientSecurityEventType,
  details: Record<string, unknown> = {},
  severity: SecuritySeverity = 'info',
): Promise<void> {
  try {
    const client = await loadSupabase();
    const { error } = await client.from('security_audit_log').insert({ event_type: eventType, event_details: toJson(details), severity });
    if (error) console.warn('Security log write failed', error.message);
  } catch (err) {
    console.warn('Security log write failed', err);
  }
}

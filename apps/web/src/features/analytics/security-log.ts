import { loadSupabase } from '@/lib/supabase';

export type SecuritySeverity = 'info' | 'warn' | 'error' | 'critical';

/**
 * Part 2 §7: one security_audit_log row from the browser (the server stamps user, IP and user agent).
 * Security logging is not analytics: it does not wait for consent, and its errors only reach the console.
 */
export async function logSecurityEvent(eventType: string, details: Record<string, unknown> = {}, severity: SecuritySeverity = 'info'): Promise<void> {
  try {
    const client = await loadSupabase();
    const { error } = await client.from('security_audit_log').insert({ event_type: eventType.slice(0, 100), event_details: details, severity });
    if (error) console.warn('Security log write failed', error.message);
  } catch (err) {
    console.warn('Security log write failed', err);
  }
}

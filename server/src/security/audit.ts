import type { BoundStatement, Queryable } from '../db/index.js';
import { truncateIp } from '../http/client-ip.js';

export type Severity = 'info' | 'warn' | 'error' | 'critical';

export interface AuditEntry {
  event_type: string;
  severity?: Severity;
  user_id?: string | null;
  ip?: string | null;
  user_agent?: string | null;
  details?: Record<string, unknown>;
}

/** The insert of one security_audit_log row as the server itself (IP stored truncated), to batch with other statements. */
export function auditStatement(e: AuditEntry): BoundStatement {
  return {
    sql: `insert into public.security_audit_log (event_type, event_details, severity, user_id, ip_address, user_agent)
     values ($1, $2, $3, $4, $5, $6)`,
    params: [
      e.event_type,
      JSON.stringify(e.details ?? {}),
      e.severity ?? 'info',
      e.user_id ?? null,
      e.ip ? truncateIp(e.ip) : null,
      e.user_agent?.slice(0, 512) ?? null,
    ],
  };
}

/** Writes one security_audit_log row as the server itself (IP stored truncated). */
export async function writeAudit(db: Queryable, e: AuditEntry): Promise<void> {
  const { sql, params } = auditStatement(e);
  await db.query(sql, params);
}

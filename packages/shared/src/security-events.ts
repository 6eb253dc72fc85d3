/**
 * The security events a browser may report (issue 12 item 3). The database's insert policy on security_audit_log
 * (migration 0310) admits exactly these names, at severity info or warn; everything else is written by the server.
 * Keep the two lists in step (server/test/sec-logs.service.test.ts inserts each name).
 */
export const CLIENT_SECURITY_EVENT_TYPES = [
  'client.csp_violation',
  'client.session_timeout',
  'client.suspicious_input',
  'client.auth_error',
] as const;
export type ClientSecurityEventType = (typeof CLIENT_SECURITY_EVENT_TYPES)[number];

export const CLIENT_SECURITY_SEVERITIES = ['info', 'warn'] as const;
export type ClientSecuritySeverity = (typeof CLIENT_SECURITY_SEVERITIES)[number];

/** Who wrote an audit row, stamped by the database: the server (or service role), or a browser. */
export type AuditSource = 'server' | 'client';

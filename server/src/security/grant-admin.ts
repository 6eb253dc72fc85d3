import type { Database } from '../db/types.js';
import { writeAudit } from './audit.js';

/**
 * Gives the user with this e-mail app_metadata.role = 'admin' (read by public.is_admin()) and writes the audit
 * row, in one transaction. Used by `npm run make-admin` directly, or through the running server
 * (POST /api/ops/make-admin) when the embedded database is held by it. Returns the user's id, or undefined.
 */
export async function grantAdminRole(db: Database, email: string, via: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role": "admin"}'::jsonb, updated_at = now()
       where lower(email) = lower($1) returning id`,
      [email],
    );
    if (rows[0])
      await writeAudit(tx, {
        event_type: 'auth.admin.role_granted',
        severity: 'warn',
        user_id: rows[0].id,
        details: { role: 'admin', via },
      });
    return rows[0]?.id;
  });
}

import type { Database } from '../db/types.js';

/** Deletes a factor; sessions that rose to aal2 with it fall back to aal1 and lose its AMR entry. */
export async function unenrollFactor(db: Database, factorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `delete from auth.mfa_amr_claims where authentication_method in ('totp', 'mfa/webauthn') and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factorId],
    );
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factorId]);
    await tx.query('delete from auth.mfa_factors where id = $1', [factorId]);
  });
}

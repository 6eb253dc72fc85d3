import type { Database, Queryable } from './types.js';

/**
 * Runs fn in one transaction as the signed-in user, as /rest/v1 does (rest/execute.ts): role `authenticated` and the
 * user's claims, so RLS policies, grants and auth.uid() decide what fn may read and write. For server code that
 * acts on the user's behalf (the coach's context and tools), never with more rights than the user has. `claims`: the
 * verified JWT's (auth's JwtClaims), typed here as plain JSON so db/ imports no service.
 */
export function asUser<T>(db: Database, claims: Readonly<Record<string, unknown>>, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ ...claims, role: 'authenticated' }),
    ]);
    return fn(tx);
  });
}

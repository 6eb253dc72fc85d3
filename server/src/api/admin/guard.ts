import type { Context } from 'hono';
import { requireUser } from '../../auth/guards.js';
import { ApiError } from '../../http/errors.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../auth/users.js';

/** An error of the operators' API: {code, message}, safe to send as it is. */
export const adminError = (status: 400 | 401 | 403 | 404 | 409 | 422 | 429, code: string, message: string) => new ApiError(status, { code, message });

export interface AdminCaller {
  user: UserRow;
  ip: string;
  userAgent: string | undefined;
}

/**
 * The caller must hold a valid access token (verified with ctx.jwt.verify, live session, not banned) whose
 * app_metadata.role is 'admin' AND still be an admin in auth.users: a revoked admin's unexpired token is refused.
 */
export async function requireAdminCaller(ctx: AppContext, c: Context): Promise<UserRow> {
  let who: Awaited<ReturnType<typeof requireUser>>;
  try {
    who = await requireUser(ctx, c);
  } catch (err) {
    if (err instanceof ApiError) {
      const status = err.status === 401 ? 401 : 403;
      throw adminError(status, status === 401 ? 'no_authorization' : 'not_admin', status === 401 ? 'Sign in required' : 'Admin access required');
    }
    throw err;
  }
  const claimed = who.claims.app_metadata?.role === 'admin';
  const stored = who.user.raw_app_meta_data?.role === 'admin';
  if (!claimed || !stored) throw adminError(403, 'not_admin', 'Admin access required');
  return who.user;
}

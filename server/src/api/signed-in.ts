import type { Context } from 'hono';
import { requireUser, type Caller } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../errors/api-error.js';

/**
 * The caller of a signed-in-only /api endpoint: the bearer access token is verified with ctx.jwt.verify and its
 * user and session must still exist (auth/guards). Any failure is a plain 401, without saying why.
 */
export async function requireSignedIn(ctx: AppContext, c: Context): Promise<Caller> {
  try {
    return await requireUser(ctx, c);
  } catch (err) {
    if (err instanceof ApiError) throw new ApiError(401, { code: 'no_authorization', message: 'Sign in required' });
    throw err;
  }
}

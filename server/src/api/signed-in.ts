import type { Context } from 'hono';
import { requireUser, type Caller } from '../accounts/index.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../errors/api-error.js';
import { AuthError } from '../errors/auth.js';
import { appError } from '../errors/json.js';

/**
 * The caller of a signed-in-only /api endpoint: the bearer access token is verified with ctx.jwt.verify and its
 * user and session must still exist (auth/guards). Any failure is a plain 401, without saying why; except a session
 * that has not passed the user's second factor: 403 insufficient_aal, so the page asks for the code.
 */
export async function requireSignedIn(ctx: AppContext, c: Context): Promise<Caller> {
  try {
    return await requireUser(ctx, c);
  } catch (err) {
    if (err instanceof AuthError && err.errorCode === 'insufficient_aal') throw appError('insufficient_aal');
    if (err instanceof ApiError) throw appError('no_authorization');
    throw err;
  }
}

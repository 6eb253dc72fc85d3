import type { AppContext } from '../context.js';
import type { AuthLimits } from './limits.js';

/** What every /auth/v1 route module gets: the app context and the shared limiters. */
export interface AuthDeps {
  ctx: AppContext;
  limits: AuthLimits;
}

/** Named handlers get these deps through bindTo (http/bind.ts): `app.get(path, h(listUsers))`. */
export { bindTo } from '../http/bind.js';

import type { Context, Handler } from 'hono';

/** A named route handler: the request and what its module was given (the app context or a deps object). */
export type RouteHandler<D> = (c: Context, deps: D) => Response | Promise<Response>;

/** Binds named handlers to what they need, so a register function reads as a route table: `app.post(path, h(undoPlanChange))`. */
export const bindTo =
  <D>(deps: D) =>
  (handler: RouteHandler<D>): Handler =>
  (c) =>
    handler(c, deps);

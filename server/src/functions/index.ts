import { Hono } from 'hono';
import type { AppContext } from '../context.js';

/** /functions/v1/<name>: server functions, one file each. Issue 3 fills this in. */
export function functionRoutes(_ctx: AppContext): Hono {
  return new Hono();
}

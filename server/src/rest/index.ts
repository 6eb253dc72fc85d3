import { Hono } from 'hono';
import type { AppContext } from '../context.js';

/** /rest/v1: wire-compatible with PostgREST. Issue 3 fills this in. */
export function restRoutes(_ctx: AppContext): Hono {
  return new Hono();
}

import { Hono } from 'hono';
import type { AppContext } from '../context.js';

/** /auth/v1: wire-compatible with Supabase Auth (GoTrue). Issue 9 fills this in. */
export function authRoutes(_ctx: AppContext): Hono {
  return new Hono();
}

import type { JwtClaims } from '../accounts/index.js';
import { asUser } from '../db/as-user.js';
import type { Database, Queryable } from '../db/types.js';

/**
 * How the coach reaches the caller's own data: fn in one transaction as the caller (db/as-user.ts), so RLS and grants
 * decide what it reads and writes. One runner per request, made by the handler and handed to the context, the tools
 * and the proposal cards.
 */
export type RunAsUser = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;

export const runAsUser =
  (db: Database, claims: JwtClaims): RunAsUser =>
  (fn) =>
    asUser(db, claims, fn);

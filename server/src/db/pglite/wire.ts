import type { BoundStatement, QueryResult } from '../types.js';

/** What the server's thread asks the PGlite worker (thread.ts ↔ worker.ts); `tx`: an open transaction. */
export type WorkerRequest =
  | { op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  /** BEGIN, statements, COMMIT at once (BatchOptions.commitWithStatements). */
  | { op: 'batch'; statements: BoundStatement[] }
  /** BEGIN (and `statements` in it): the transaction stays open until `end`. */
  | { op: 'begin'; statements?: BoundStatement[] }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'snapshot' }
  | { op: 'close' };

export interface Begun {
  tx: number;
  results?: QueryResult[];
}

export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

/** An error's own fields that survive postMessage: code, detail, hint, position… of a database error. */
export type WireError = Record<string, string | number | boolean | null> & { message: string };

export function toWire(e: unknown): WireError {
  if (!(e instanceof Error)) return { message: String(e) };
  const out: WireError = { message: e.message, name: e.name, stack: e.stack ?? null };
  for (const [k, v] of Object.entries(e)) {
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v as string | number | boolean | null;
  }
  return out;
}

/** The error again on this side: an Error carrying the same fields, so isPgError and the code mapping see no change. */
export function fromWire(w: WireError): Error {
  const e = new Error(w.message);
  for (const [k, v] of Object.entries(w))
    if (k !== 'message')
      Object.defineProperty(e, k, { value: v, enumerable: k !== 'stack' && k !== 'name', writable: true, configurable: true });
  return e;
}

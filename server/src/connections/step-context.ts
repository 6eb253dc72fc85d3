import type { AppContext } from '../context.js';
import { asUser } from '../db/as-user.js';
import type { Queryable } from '../db/types.js';

/** What the worker knows of the run a step belongs to. */
export interface StepContext {
  runId: string;
  runCreatedAt: Date;
  connectionId: string;
  connectionName: string;
  ownerId: string;
  ownerEmail: string | null;
  signingSecret: string | null;
  /** The trigger's payload, as received. */
  payload: unknown;
  /** What templates are rendered against: the payload, with {{coach.text}} once a coach step answered. */
  data: unknown;
  stepIndex: number;
  /** How many connections' runs led to this run (0 unless an event started it). */
  eventDepth: number;
}

/** A step attempt's outcome: done, worth another attempt later, or failed for good. */
export interface StepOutcome {
  status: 'succeeded' | 'retry' | 'failed';
  request?: Record<string, unknown>;
  response?: Record<string, unknown>;
  error?: string;
  /** Done in the transaction that records the step's success (a coach step's charge): both or neither. */
  commit?: (tx: Queryable) => Promise<void>;
  /** A coach step's answer, for the next steps' {{coach.text}}. */
  coachText?: string;
}

/**
 * Runs fn as the connection's owner (their claims at aal2: RLS decides, as if they had done it themselves), with the
 * transaction marked as this connection's step: an event its writes cause never starts this connection again, and
 * carries this run's depth + 1 (migration 0800, internal.emit_connection_event).
 */
export function asOwner<T>(ctx: Pick<AppContext, 'db'>, s: StepContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return asUser(ctx.db, { role: 'authenticated', sub: s.ownerId, aal: 'aal2' }, async (tx) => {
    await tx.query(`select set_config('app.connection_id', $1, true), set_config('app.connection_event_depth', $2, true)`, [
      s.connectionId,
      String(s.eventDepth + 1),
    ]);
    return fn(tx);
  });
}

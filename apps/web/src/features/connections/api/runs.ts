import type { ConnectionRunKind, ConnectionRunStatus } from '@app/shared/connections';
import { supabase } from '@/lib/supabase';

/** One attempt of one step, as the worker stored it (secrets and signatures already redacted, bodies truncated). */
export interface RunStep {
  id: string;
  step_index: number;
  attempt: number;
  type: string;
  status: 'succeeded' | 'failed' | 'retrying';
  request: Record<string, unknown> | null;
  response: Record<string, unknown> | null;
  error: string | null;
  duration_ms: number | null;
  started_at: string;
}

export interface Run {
  id: string;
  kind: ConnectionRunKind;
  status: ConnectionRunStatus;
  rerun_of: string | null;
  payload: unknown;
  error: string | null;
  attempt: number;
  next_attempt_at: string | null;
  created_at: string;
  finished_at: string | null;
  connection_run_steps: RunStep[];
}

export const RUNS_SHOWN = 50;
const STEP_COLUMNS = 'id, step_index, attempt, type, status, request, response, error, duration_ms, started_at';

/** A connection's latest runs, newest first, each with its step attempts in order. */
export async function listRuns(connectionId: string): Promise<Run[]> {
  const { data, error } = await supabase()
    .from('connection_runs')
    .select(
      `id, kind, status, rerun_of, payload, error, attempt, next_attempt_at, created_at, finished_at, connection_run_steps(${STEP_COLUMNS})`,
    )
    .eq('connection_id', connectionId)
    .order('created_at', { ascending: false })
    .limit(RUNS_SHOWN);
  if (error) throw new Error(error.message);
  const runs = data as unknown as Run[];
  for (const r of runs) r.connection_run_steps.sort((a, b) => a.step_index - b.step_index || a.attempt - b.attempt);
  return runs;
}

/** The reason a function refused, as the server words it ({ error }), else null. */
async function refusal(error: unknown): Promise<string | null> {
  const res = (error as { context?: Response } | null)?.context;
  if (!res || typeof res.json !== 'function') return null;
  try {
    const body = (await res.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : null;
  } catch {
    return null;
  }
}

/** A refusal the customer can act on (the monthly limit, the test rate): the server's words are shown as they are. */
export class RunRefusedError extends Error {}

async function start(name: 'test' | 'rerun', body: object): Promise<string> {
  const { data, error } = await supabase().functions.invoke(`connections/${name}`, { body });
  if (error) {
    const why = await refusal(error);
    throw why ? new RunRefusedError(why) : new Error('failed');
  }
  return (data as { run_id: string }).run_id;
}

/** A test run with a sample payload; it works on a connection not yet switched on. */
export const startTest = (v: { connectionId: string; payload: unknown }) =>
  start('test', { connection_id: v.connectionId, payload: v.payload });
/** A new run of a failed run, with its payload. */
export const startRerun = (runId: string) => start('rerun', { run_id: runId });

import type { ConnectionRunKind, ConnectionRunStatus } from '@app/shared/connections';
import type { Json } from '@app/shared/database.types';
import type { ConnectionSeed } from '@/lib/connection-links';
import { supabase } from '@/lib/supabase';
import type { ConnectionInput } from '../lib/validate';

/** public.connections and its runs (migration 0780), under RLS: the customer's own rows only. */
export interface LatestRun {
  id: string;
  status: ConnectionRunStatus;
  kind: ConnectionRunKind;
  created_at: string;
  error: string | null;
}

export interface Connection {
  id: string;
  name: string;
  enabled: boolean;
  trigger: unknown;
  steps: unknown[];
  origin: unknown;
  created_at: string;
  latest: LatestRun | null;
}

/** What the insert answers once: the address's token and the signing secret (later reads give null). */
export interface Revealed {
  connectionId: string;
  token?: string;
  secret?: string;
}

const COLUMNS = 'id, name, enabled, trigger, steps, origin, created_at';
const LATEST = 'connection_runs(id, status, kind, created_at, error)';

type Row = Omit<Connection, 'latest' | 'steps'> & { steps: unknown; connection_runs?: LatestRun[] };
const toConnection = ({ connection_runs, ...row }: Row): Connection => ({
  ...row,
  steps: Array.isArray(row.steps) ? row.steps : [],
  latest: connection_runs?.[0] ?? null,
});

/** Every connection, newest first, each with its latest run. */
export async function listConnections(): Promise<Connection[]> {
  const { data, error } = await supabase()
    .from('connections')
    .select(`${COLUMNS}, ${LATEST}`)
    .order('created_at', { ascending: false })
    .order('created_at', { referencedTable: 'connection_runs', ascending: false })
    .limit(1, { referencedTable: 'connection_runs' })
    .limit(200);
  if (error) throw new Error(error.message);
  return (data as unknown as Row[]).map(toConnection);
}

/** The plan refused it (the insert policy's has_feature check): PostgREST's 403 with Postgres's 42501. */
export class NotAllowedError extends Error {}

export async function createConnection(input: ConnectionInput & { origin: ConnectionSeed | null }): Promise<Revealed> {
  const { data, error } = await supabase()
    .from('connections')
    .insert({
      name: input.name,
      trigger: input.trigger as Json,
      steps: input.steps as Json,
      origin: input.origin ? { kind: input.origin.kind, id: input.origin.id } : null,
    })
    .select('id, inbound_token, signing_secret')
    .single();
  if (error?.code === '42501') throw new NotAllowedError(error.message);
  if (error) throw new Error(error.message);
  return { connectionId: data.id, token: data.inbound_token ?? undefined, secret: data.signing_secret ?? undefined };
}

export async function updateConnection(id: string, patch: Partial<ConnectionInput> & { enabled?: boolean }) {
  const { error } = await supabase()
    .from('connections')
    .update({
      ...patch,
      ...(patch.trigger ? { trigger: patch.trigger as Json } : {}),
      ...(patch.steps ? { steps: patch.steps as Json } : {}),
    })
    .eq('id', id);
  if (error) throw new Error(error.message);
}

export async function deleteConnection(id: string) {
  const { error } = await supabase().from('connections').delete().eq('id', id);
  if (error) throw new Error(error.message);
}

/** A new inbound address (the old one stops working at once), shown once. */
export async function regenerateToken(connectionId: string): Promise<Revealed> {
  const { data, error } = await supabase().rpc('regenerate_connection_token', { connection_id: connectionId });
  if (error) throw new Error(error.message);
  return { connectionId, token: data };
}

/** A new signing secret for the webhook steps, shown once. */
export async function rotateSecret(connectionId: string): Promise<Revealed> {
  const { data, error } = await supabase().rpc('rotate_connection_secret', { connection_id: connectionId });
  if (error) throw new Error(error.message);
  return { connectionId, secret: data };
}

/** Runs accepted this calendar month (UTC): the counter the plan's limit is enforced on (migration 0795). */
export async function runsThisMonth(): Promise<number> {
  const { data, error } = await supabase().rpc('connection_runs_this_month');
  if (error) throw new Error(error.message);
  return data ?? 0;
}

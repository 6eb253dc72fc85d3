import { queryOptions } from '@tanstack/react-query';
import { useWriteMutation, type MutationCallbacks } from './data/mutation';
import { supabase } from './supabase';

/** A connection idea (public.connection_ideas): made in the dashboard builder or as a Connect Anything blueprint. */
export interface ConnectionIdea {
  id: string;
  from_tool: string;
  to_tool: string;
  idea: string;
  created_at: string;
}

export const connectionIdeasKey = ['connection-ideas'] as const;
export const connectionIdeasQuery = () => queryOptions({ queryKey: connectionIdeasKey, queryFn: listConnectionIdeas });

export async function listConnectionIdeas(): Promise<ConnectionIdea[]> {
  const { data, error } = await supabase()
    .from('connection_ideas')
    .select('id, from_tool, to_tool, idea, created_at')
    .order('created_at', { ascending: false })
    .limit(200);
  if (error) throw new Error(error.message);
  return data ?? [];
}

/** The same idea is already saved (migration 0680's unique index: PostgREST's 409 with Postgres's 23505). */
export class DuplicateConnectionIdeaError extends Error {
  constructor() {
    super('This connection idea is already saved');
    this.name = 'DuplicateConnectionIdeaError';
  }
}

/** Saves an idea; its row comes back (a blueprint's "Build this connection" starts from it). */
export async function createConnectionIdea(input: {
  from: string;
  to: string;
  idea: string;
  positions?: Record<string, { x: number; y: number }>;
}): Promise<ConnectionIdea> {
  const { data, error } = await supabase()
    .from('connection_ideas')
    .insert({
      from_tool: input.from.slice(0, 100),
      to_tool: input.to.slice(0, 100),
      idea: input.idea.slice(0, 2000),
      positions: input.positions ?? {},
    })
    .select('id, from_tool, to_tool, idea, created_at')
    .single();
  if (error?.code === '23505') throw new DuplicateConnectionIdeaError();
  if (error) throw new Error(error.message);
  return data;
}

export async function deleteConnectionIdea(id: string) {
  const { error } = await supabase().from('connection_ideas').delete().eq('id', id);
  if (error) throw new Error(error.message);
}

export const useCreateConnectionIdea = (cb?: MutationCallbacks<ConnectionIdea, Parameters<typeof createConnectionIdea>[0]>) =>
  useWriteMutation(createConnectionIdea, [connectionIdeasKey], cb);
export const useDeleteConnectionIdea = (cb?: MutationCallbacks<void, string>) =>
  useWriteMutation(deleteConnectionIdea, [connectionIdeasKey], cb);

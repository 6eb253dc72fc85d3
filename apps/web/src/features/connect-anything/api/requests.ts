import { z } from 'zod';
import { useWriteMutation, type MutationCallbacks } from '@/lib/data/mutation';
import { loadSupabase } from '@/lib/supabase';
import { plainText } from '@/lib/plain-text';

const text = (max: number) => plainText(max, 1);

export const connectionRequestSchema = z.object({ source_app: text(200), target_app: text(200), description: text(10000) });
export const integrationRequestSchema = z.object({ service_name: text(200), description: text(10000), use_case: text(10000) });

/** The Connection Planner (counted against the plan's monthly limit by the insert policy). */
export async function submitConnectionRequest(input: z.input<typeof connectionRequestSchema>) {
  const { error } = await (await loadSupabase()).from('connection_requests').insert(connectionRequestSchema.parse(input));
  if (error) throw new Error(error.message);
}

export async function submitIntegrationRequest(input: z.input<typeof integrationRequestSchema>) {
  const { error } = await (await loadSupabase()).from('integration_requests').insert(integrationRequestSchema.parse(input));
  if (error) throw new Error(error.message);
}

// Requests change nothing the user's screens read back (the plan's usage is refreshed by the caller). Their own module,
// away from the catalogue queries: zod and supabase-js load with the forms that send them, not with the public page.
export const useSubmitConnectionRequest = (cb?: MutationCallbacks<void, Parameters<typeof submitConnectionRequest>[0]>) =>
  useWriteMutation(submitConnectionRequest, [], cb);
export const useSubmitIntegrationRequest = (cb?: MutationCallbacks<void, Parameters<typeof submitIntegrationRequest>[0]>) =>
  useWriteMutation(submitIntegrationRequest, [], cb);

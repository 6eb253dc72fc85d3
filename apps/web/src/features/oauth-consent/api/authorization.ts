import type { OAuthAuthorizationDetails } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

/** What the consent page shows: the request's details, or (consent already given) the client's redirect at once. */
export type AuthorizationRequest = { kind: 'ask'; details: OAuthAuthorizationDetails } | { kind: 'redirect'; url: string };

export class AuthorizationError extends Error {
  constructor(readonly status: number | undefined) {
    super(`authorization request failed (${status ?? 'network'})`);
  }
}

export async function readAuthorization(authorizationId: string): Promise<AuthorizationRequest> {
  const { data, error } = await supabase().auth.oauth.getAuthorizationDetails(authorizationId);
  if (error || !data) throw new AuthorizationError(error?.status);
  return 'authorization_id' in data ? { kind: 'ask', details: data } : { kind: 'redirect', url: data.redirect_url };
}

/** Approve or deny; answers the client's redirect URL (with the code, or error=access_denied). */
export async function answerAuthorization(authorizationId: string, approve: boolean): Promise<string> {
  const auth = supabase().auth.oauth;
  const { data, error } = approve
    ? await auth.approveAuthorization(authorizationId, { skipBrowserRedirect: true })
    : await auth.denyAuthorization(authorizationId, { skipBrowserRedirect: true });
  if (error || !data) throw new AuthorizationError(error?.status);
  return data.redirect_url;
}

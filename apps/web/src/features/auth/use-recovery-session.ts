import { useEffect, useState } from 'react';
import { messages } from '@/lib/messages';
import { supabase } from '@/lib/supabase';
import { authErrorMessage } from './auth-errors';

export type RecoveryState = { status: 'verifying' } | { status: 'valid' } | { status: 'invalid'; error: string };

/** Reads the link's parameters from the query (as the specification has it) or the fragment (GoTrue's redirect). */
function linkParams(): URLSearchParams {
  const merged = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  new URLSearchParams(window.location.search).forEach((v, k) => merged.set(k, v));
  return merged;
}

/**
 * docs/product.md#password-reset: verifies a reset link. access_token + refresh_token set the session; a PKCE ?code= has already
 * been exchanged by supabase-js during start-up. The tokens are removed from the address bar either way.
 */
export function useRecoverySession(): RecoveryState {
  const [state, setState] = useState<RecoveryState>({ status: 'verifying' });
  // read once, before the effect removes the tokens from the address bar (effects may run twice)
  const [p] = useState(linkParams);
  useEffect(() => {
    let cancelled = false;
    const finish = (s: RecoveryState) => !cancelled && setState(s);
    async function verify() {
      const client = supabase();
      const described = p.get('error_description');
      if (described)
        return finish({ status: 'invalid', error: authErrorMessage({ code: p.get('error_code') ?? undefined, message: described }) });
      const access = p.get('access_token');
      const refresh = p.get('refresh_token');
      if (access && refresh) {
        window.history.replaceState(window.history.state, '', window.location.pathname);
        const { error } = await client.auth.setSession({ access_token: access, refresh_token: refresh });
        return finish(error ? { status: 'invalid', error: authErrorMessage(error) } : { status: 'valid' });
      }
      if (p.get('code')) {
        const { data } = await client.auth.getSession();
        return finish(data.session ? { status: 'valid' } : { status: 'invalid', error: messages.reset.codeNotVerified });
      }
      finish({ status: 'invalid', error: messages.reset.noToken });
    }
    verify().catch((err: unknown) => finish({ status: 'invalid', error: authErrorMessage(err as { message?: string }) }));
    return () => {
      cancelled = true;
    };
  }, [p]);
  return state;
}

import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { messages } from '@/lib/messages';
import { useAuth } from '@/lib/session/auth-context';
import { supabase } from '@/lib/supabase';

/** GoTrue's answer to the first of a secure e-mail change's two links (internal/api/verify.go). */
const HALF_CONFIRMED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

type Landing = 'half' | 'done' | 'failed' | null;

/** What an e-mail change link left in the address: `?code=` (PKCE), `#…type=email_change`, `#message=`, `#error_code=`. */
export function readEmailChangeLanding(search: string, hash: string): Landing {
  const q = new URLSearchParams(search);
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  if (q.get('error_code') || h.get('error_code')) return 'failed';
  if (q.get('message') === HALF_CONFIRMED || h.get('message') === HALF_CONFIRMED) return 'half';
  if (q.get('code') || h.get('type') === 'email_change') return 'done';
  return null;
}

/**
 * /user is where e-mail change links land (issue 14 item 3). supabase-js has already exchanged `?code=` (or read the
 * fragment) while starting; here the user is fetched again so the new address shows at once, a toast says what
 * happened, and the address bar is cleaned (a reload must not replay the landing).
 */
export function useEmailChangeLanding(): void {
  const { isLoaded, isSignedIn } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);
  useEffect(() => {
    if (!isLoaded || handled.current) return;
    const landing = readEmailChangeLanding(location.search, location.hash);
    if (!landing) return;
    handled.current = true;
    navigate(location.pathname, { replace: true });
    if (landing === 'failed') return void toast.error(messages.emailChange.failed);
    if (landing === 'half') return void toast.info(messages.emailChange.halfConfirmed);
    if (!isSignedIn) return;
    // a refreshed session carries the new address; AuthProvider hears TOKEN_REFRESHED and updates `user`
    void supabase()
      .auth.refreshSession()
      .then(({ data }) => {
        const email = data.user?.email;
        if (email) toast.success(messages.emailChange.changed(email));
      });
  }, [isLoaded, isSignedIn, location, navigate]);
}

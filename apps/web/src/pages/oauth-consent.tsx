import { useSearchParams } from 'react-router';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { ConsentCard } from '@/features/oauth-consent/components/consent-card';
import { ProtectedRoute } from '@/lib/session/protected-route';

/**
 * /oauth/consent?authorization_id=…: where the server's /auth/v1/oauth/authorize sends the browser. A signed-out
 * visitor signs in first and comes back here (ProtectedRoute keeps the query).
 */
export function Component() {
  const [params] = useSearchParams();
  return (
    <ProtectedRoute>
      <AuthPageShell>
        <ConsentCard authorizationId={params.get('authorization_id')} />
      </AuthPageShell>
    </ProtectedRoute>
  );
}

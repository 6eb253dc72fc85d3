import { useAuth } from '@/lib/session/auth-context';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { AdminConsole } from '@/features/admin/components/admin-console';
import { Component as NotFound } from './not-found';

/**
 * /admin: admins only (app_metadata.role 'admin'). Everyone else, signed out included, gets the not-found page,
 * so the console's existence is not advertised. The server and RLS check the role again on every call.
 */
export function Component() {
  const { isLoaded, user } = useAuth();
  if (!isLoaded) return <FullScreenSpinner />;
  if (user?.app_metadata?.role !== 'admin') return <NotFound />;
  return <AdminConsole />;
}

import { useQuery } from '@tanstack/react-query';
import { fetchUsers } from './users';

/**
 * The one definition of "accounts" in the console: users that are not deleted, as the server's /users counts them.
 * Issue 18: the overview (admin_overview, every auth.users row, cached) said 3 while the Users tab said 4.
 * The overview and the Users tab read this one query, so they always show the same number; it sits under
 * ['admin', 'users'], so every user change that refreshes the list refreshes it too.
 */
export function useAccountCount() {
  return useQuery({ queryKey: ['admin', 'users', 'count'], queryFn: async () => (await fetchUsers('', 1, 1)).total, staleTime: 0 });
}

import { useQuery } from '@tanstack/react-query';
import { accountCountQuery } from './queries';

/** The console's account count (see accountCountQuery), shared by the header and the users panel. */
export const useAccountCount = () => useQuery(accountCountQuery());

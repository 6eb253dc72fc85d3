import { queryOptions } from '@tanstack/react-query';
import { integrationKeys } from '@/lib/data/integrations';
import { fetchCatalogueIndex, fetchFirstTools } from './integrations';

const FIVE_MINUTES = 5 * 60_000;
export const firstToolsQuery = (n: number) =>
  queryOptions({ queryKey: integrationKeys.first(n), queryFn: () => fetchFirstTools(n), staleTime: FIVE_MINUTES });
export const catalogueIndexQuery = () =>
  queryOptions({ queryKey: integrationKeys.index(), queryFn: fetchCatalogueIndex, staleTime: FIVE_MINUTES });

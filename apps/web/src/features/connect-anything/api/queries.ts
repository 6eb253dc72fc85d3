import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { integrationKeys } from '@/lib/data/integrations';
import { fetchCatalogueIndex, fetchCategoryCounts, fetchFirstTools, fetchIntegrations, type MarketplaceQuery } from './integrations';

const FIVE_MINUTES = 5 * 60_000;
export const marketplaceQuery = (q: MarketplaceQuery) =>
  queryOptions({
    queryKey: integrationKeys.page(q),
    queryFn: () => fetchIntegrations(q),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
export const categoryCountsQuery = () =>
  queryOptions({ queryKey: integrationKeys.counts(), queryFn: fetchCategoryCounts, staleTime: FIVE_MINUTES });
export const firstToolsQuery = (n: number) =>
  queryOptions({ queryKey: integrationKeys.first(n), queryFn: () => fetchFirstTools(n), staleTime: FIVE_MINUTES });
export const catalogueIndexQuery = () =>
  queryOptions({ queryKey: integrationKeys.index(), queryFn: fetchCatalogueIndex, staleTime: FIVE_MINUTES });

import { STALE_MS } from '@/lib/data/read-policy';
import { usePublicRead } from '@/lib/data/use-public-read';
import { fetchCategoryCounts, fetchIntegrations, type MarketplaceQuery } from './integrations';

// What a visit shows at once, read without TanStack Query so a first visit does not load it (issue 15, decision 0094);
// the tabs opened later use TanStack (./queries.ts).
export const useMarketplacePage = (q: MarketplaceQuery) =>
  usePublicRead(`integrations/page/${JSON.stringify([q.filter, q.popularOnly, q.page, q.search])}`, () => fetchIntegrations(q), 60_000);
export const useCategoryCounts = () => usePublicRead('integrations/counts', fetchCategoryCounts, STALE_MS);

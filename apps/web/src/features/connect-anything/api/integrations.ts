import { INTEGRATION_FILTERS, MARKETPLACE_PAGE_SIZE, type Integration, type IntegrationFilter } from '@app/shared';
import { INTEGRATION_COLUMNS as COLUMNS, toIntegrations } from '@/lib/data/integrations';
import { publicRest } from '@/lib/public-rest';

export type FilterId = IntegrationFilter['id'];

export interface MarketplaceQuery {
  search: string;
  filter: FilterId;
  popularOnly: boolean;
  page: number; // 1-based
}

/** PostgREST or-filter values: commas, parentheses and wildcards in the search would change the filter's meaning. */
export function escapeSearch(s: string): string {
  return s
    .trim()
    .replace(/[%*,()\\."':]/g, ' ')
    .replace(/\s+/g, ' ')
    .slice(0, 100);
}

/** One page of the catalogue, filtered and counted by the server. */
export async function fetchIntegrations(q: MarketplaceQuery): Promise<{ rows: Integration[]; total: number }> {
  let req = publicRest().from('integrations').select(COLUMNS, { count: 'exact' });
  const filter = INTEGRATION_FILTERS.find((f) => f.id === q.filter);
  if (filter?.categories.length) req = req.in('category', [...filter.categories]);
  if (q.filter === 'popular' || q.popularOnly) req = req.eq('popular', true);
  const term = escapeSearch(q.search);
  if (term) req = req.or(`name.ilike.*${term}*,description.ilike.*${term}*,category.ilike.*${term}*`);
  const from = (q.page - 1) * MARKETPLACE_PAGE_SIZE;
  const { data, error, count } = await req
    .order('popular', { ascending: false })
    .order('connections', { ascending: false })
    .order('name')
    .range(from, from + MARKETPLACE_PAGE_SIZE - 1);
  if (error) throw new Error(error.message);
  return { rows: toIntegrations(data), total: count ?? 0 };
}

export interface CategoryCounts {
  total: number;
  popular: number;
  by_category: Record<string, number>;
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/**
 * public.catalogue_category_counts returns jsonb: checked here, where it enters the app. By hand, not with zod: this
 * page is public and zod is 26 kB gzip of a first visit (issue 15), as runtime-config.ts does for the entry.
 */
export function parseCategoryCounts(raw: unknown): CategoryCounts {
  const c = raw as Partial<CategoryCounts> | null;
  const byCategory = c?.by_category;
  if (
    !c ||
    !isCount(c.total) ||
    !isCount(c.popular) ||
    typeof byCategory !== 'object' ||
    byCategory === null ||
    !Object.values(byCategory).every(isCount)
  )
    throw new Error('The catalogue counts came back in an unexpected shape');
  return { total: c.total, popular: c.popular, by_category: byCategory };
}

/** Real counts per category button (public.catalogue_category_counts). */
export async function fetchCategoryCounts(): Promise<Record<FilterId, number>> {
  const { data, error } = await publicRest().rpc('catalogue_category_counts');
  if (error) throw new Error(error.message);
  const c = parseCategoryCounts(data);
  const counts = {} as Record<FilterId, number>; // filled for every filter just below
  for (const f of INTEGRATION_FILTERS) {
    counts[f.id] =
      f.id === 'all' ? c.total : f.id === 'popular' ? c.popular : f.categories.reduce((s, cat) => s + (c.by_category[cat] ?? 0), 0);
  }
  return counts;
}

/** The first tools of the catalogue (Compare Tools offers the first 8): the built-in ones, best known first. */
export async function fetchFirstTools(n: number): Promise<Integration[]> {
  const { data, error } = await publicRest()
    .from('integrations')
    .select(COLUMNS)
    .order('builtin', { ascending: false })
    .order('connections', { ascending: false })
    .limit(n);
  if (error) throw new Error(error.message);
  return toIntegrations(data);
}

/** The whole catalogue's names and categories (small: used by the assistant and the connector graph). */
export async function fetchCatalogueIndex(): Promise<Integration[]> {
  const { data, error } = await publicRest().from('integrations').select(COLUMNS).order('connections', { ascending: false }).limit(1000);
  if (error) throw new Error(error.message);
  return toIntegrations(data);
}

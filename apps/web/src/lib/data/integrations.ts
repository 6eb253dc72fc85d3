import { INTEGRATION_CATEGORIES, type Integration, type IntegrationCategoryId } from '@app/shared';
import type { Tables } from '@app/shared/database.types';

/** public.integrations: the columns every catalogue view reads, and the row narrowed to the shared Integration. */
/** Keys of every catalogue query (the dashboard and Connect Anything read the same table). */
export const integrationKeys = {
  all: ['integrations'] as const,
  searches: () => [...integrationKeys.all, 'search'] as const,
  search: (term: string) => [...integrationKeys.searches(), term] as const,
  topRated: (n: number) => [...integrationKeys.all, 'top-rated', n] as const,
  first: (n: number) => [...integrationKeys.all, 'first', n] as const,
  index: () => [...integrationKeys.all, 'index'] as const,
};

export const INTEGRATION_COLUMNS = 'id, name, description, category, icon, rating, connections, popular, actions, website, builtin';

type IntegrationRow = Pick<Tables<'integrations'>, keyof Integration>;

// The database's check constraint allows exactly these categories (0016_integrations_catalogue.sql).
const isCategory = (c: string): c is IntegrationCategoryId => Object.hasOwn(INTEGRATION_CATEGORIES, c);

/** Rows as Integrations; a category this build does not know (a newer database) is left out rather than mislabelled. */
export function toIntegrations(rows: readonly IntegrationRow[] | null): Integration[] {
  return (rows ?? []).flatMap((row) => (isCategory(row.category) ? [{ ...row, category: row.category }] : []));
}

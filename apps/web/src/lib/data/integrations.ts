import { INTEGRATION_CATEGORIES, type Integration, type IntegrationCategoryId } from '@app/shared';
import type { Tables } from '@app/shared/database.types';

/** public.integrations: the columns every catalogue view reads, and the row narrowed to the shared Integration. */
export const INTEGRATION_COLUMNS = 'id, name, description, category, icon, rating, connections, popular, actions, website, builtin';

type IntegrationRow = Pick<Tables<'integrations'>, keyof Integration>;

// The database's check constraint allows exactly these categories (0016_integrations_catalogue.sql).
const isCategory = (c: string): c is IntegrationCategoryId => Object.hasOwn(INTEGRATION_CATEGORIES, c);

/** Rows as Integrations; a category this build does not know (a newer database) is left out rather than mislabelled. */
export function toIntegrations(rows: readonly IntegrationRow[] | null): Integration[] {
  return (rows ?? []).flatMap((row) => (isCategory(row.category) ? [{ ...row, category: row.category }] : []));
}

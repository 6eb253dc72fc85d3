import type { Json } from '@app/shared/database.types';

/**
 * A value as the JSON the database stores for a json/jsonb column: what JSON.stringify keeps (undefined and
 * functions dropped, dates as strings), so the typed client accepts it without a cast.
 */
export function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value ?? null));
}

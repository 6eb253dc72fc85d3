import { restFailure } from './errors.js';
import type { Accepted } from './media-types.js';
import { ident } from './sql-fragments.js';

/**
 * The response body built by PostgreSQL from the rows `_t` of a statement, in the accepted media type, as PostgREST
 * builds it: a JSON array or object (optionally without null fields), CSV (a header of the keys, then each row's
 * record text), or a GeoJSON FeatureCollection (PostGIS's ST_AsGeoJSON of each row).
 */
export type BodyFormat = Pick<Accepted, 'singular' | 'format' | 'stripNulls'> & {
  /** Schema of PostGIS's st_asgeojson(record), when installed (from the schema cache). */
  postgis?: string | null;
};

export const jsonBody = (singular: boolean): BodyFormat => ({ singular, format: 'json', stripNulls: false });

export function bodyExpr(b: BodyFormat): string {
  if (b.format === 'csv') {
    // The header: the keys of the first row (the same for every row); a row: its record text without the parentheses.
    const header = `coalesce((select string_agg(pgrst_k, ',') from json_object_keys((array_agg(to_json(_t)))[1]) pgrst_k), '')`;
    const rows = `coalesce(string_agg(substring(_t::text, 2, length(_t::text) - 2), chr(10)), '')`;
    return `${header} || chr(10) || ${rows}`;
  }
  if (b.format === 'geojson') {
    if (!b.postgis) throw restFailure('mediaTypeNotAvailable', 'application/geo+json');
    return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(${ident(b.postgis)}.st_asgeojson(_t)::json), '[]'))::text`;
  }
  if (b.singular)
    return b.stripNulls ? `coalesce(json_strip_nulls(json_agg(_t) -> 0)::text, 'null')` : `coalesce((json_agg(_t) -> 0)::text, 'null')`;
  return b.stripNulls ? `coalesce(json_strip_nulls(json_agg(_t)), '[]')::text` : `coalesce(json_agg(_t), '[]')::text`;
}

import type pg from 'pg';
import type { QueryResult } from '../types.js';

/** node-postgres' result in the shape both drivers answer with. */
export const toResult = <T = Record<string, unknown>>(r: pg.QueryResult): QueryResult<T> => ({
  rows: r.rows as T[],
  rowCount: r.rowCount ?? r.rows.length,
  fields: r.fields,
});

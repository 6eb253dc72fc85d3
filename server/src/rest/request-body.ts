import type { Context } from 'hono';
import { z } from 'zod';
import { decodeUtf8, INVALID_UTF8_MESSAGE } from '../http/body.js';
import { jsonShapeProblem } from '../http/json-shape.js';
import type { Row } from './build-sql.js';
import { restFailure } from './errors.js';

// Request bodies: one object of column (or argument) values, or an array of them for bulk inserts.
export const ObjectBody = z.record(z.string(), z.unknown());
export const InsertBody = z.union([ObjectBody, z.array(ObjectBody)]);

/** Parses a JSON request body (PGRST102 when not JSON). */
export async function readJson(c: Context, emptyAs?: unknown): Promise<unknown> {
  const type = c.req.header('content-type')?.split(';')[0].trim().toLowerCase();
  if (type && type !== 'application/json') throw restFailure('contentTypeNotAcceptable', type);
  // Bad bytes are refused, not turned into U+FFFD and stored (issue 12 #9); NUL and lone surrogates are refused by
  // PostgreSQL itself (22P05 / 22P02, a 400 as PostgREST answers them).
  const text = decodeUtf8(await c.req.arrayBuffer());
  if (text === null) throw restFailure('invalidJson', INVALID_UTF8_MESSAGE);
  if (text.trim() === '' && emptyAs !== undefined) return emptyAs;
  const shape = jsonShapeProblem(text);
  if (shape) throw restFailure('invalidJson', shape);
  try {
    return JSON.parse(text);
  } catch {
    throw restFailure('invalidJson');
  }
}

/** Keys of the rows; in a bulk insert without columns= every object must have the same keys. */
export function columnsOf(rows: Row[]): string[] {
  if (!rows.length) return [];
  const first = Object.keys(rows[0]);
  const key = [...first].sort().join('\u0000');
  if (rows.some((r) => Object.keys(r).sort().join('\u0000') !== key)) throw restFailure('keysMismatch');
  return first;
}

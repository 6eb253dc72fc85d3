import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { BoundStatement, QueryResult } from './types.js';

const { serialize } = protocol;

type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

/**
 * Whether a batch can go out as one exchange: every parameter a string or null, the values PGlite's own query() sends
 * unchanged for every type but bool, where PostgreSQL's input function accepts what PGlite's serializer did (and its
 * prefixes and errors, as on the PostgreSQL driver). Anything else (Date, array, object…) needs PGlite's per-type
 * serializers, which need the parameter types, which need a Describe first: the statement by statement path.
 */
export const textParamsOnly = (statements: BoundStatement[]) =>
  statements.every((s) => (s.params ?? []).every((v) => v === null || v === undefined || typeof v === 'string'));

/**
 * Runs `statements` in one extended-protocol exchange with a single Sync (issue 16): one call into the WebAssembly
 * backend, where PGlite's query() makes six per statement (Parse, Describe, Bind, Describe, Execute, Sync) and
 * BEGIN/COMMIT two each. The caller holds PGlite's locks (runExclusive, inside a transaction or _runExclusiveTransaction).
 * A failing statement makes the backend skip the rest up to the Sync; the call then throws its DatabaseError (code,
 * detail, hint… as PGlite's query() throws them). Results are parsed as query() parses them, one per statement.
 */
export async function runExchange(pg: PGlite, statements: BoundStatement[], opts: { syncToFs: boolean }): Promise<QueryResult[]> {
  const parts: Uint8Array[] = [];
  for (const s of statements) {
    const values = (s.params ?? []).map((v) => (v === undefined ? null : (v as string | null)));
    parts.push(serialize.parse({ text: s.sql }), serialize.bind({ values }), serialize.describe({ type: 'P' }), serialize.execute({}));
  }
  parts.push(serialize.sync());
  const { messages } = await pg.execProtocol(Buffer.concat(parts), { syncToFs: opts.syncToFs });
  const results: QueryResult[] = [];
  let from = 0;
  messages.forEach((m: Message, i: number) => {
    if (m.name !== 'commandComplete') return;
    // One statement's messages at a time: parseResults sums affected rows over everything it is given.
    const [r] = parse.parseResults(messages.slice(from, i + 1), pg.parsers);
    results.push({ rows: r!.rows as Record<string, unknown>[], rowCount: r!.affectedRows || r!.rows.length, fields: r!.fields });
    from = i + 1;
  });
  return results;
}

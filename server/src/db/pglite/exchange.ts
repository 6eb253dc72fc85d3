import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { BoundStatement, QueryResult } from '../types.js';

const { serialize } = protocol;
const { DatabaseError } = protocol.messages;

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
 * Most prepared statements one PGlite backend holds for the exchanges (the REST shapes are at most 200 per schema
 * generation, statement-names.ts). Beyond it the least recently used are closed: a schema reload's new generation retires the
 * old one's names, which would otherwise stay for the life of the only connection there is.
 */
export const MAX_PREPARED = 400;

/** Per PGlite instance: the names its backend holds prepared, least recently used first (a Set keeps insertion order). */
const preparedBy = new WeakMap<PGlite, Set<string>>();

/**
 * Runs `statements` in one extended-protocol exchange with a single Sync (issue 16): one call into the WebAssembly
 * backend, where PGlite's query() makes six per statement (Parse, Describe, Bind, Describe, Execute, Sync) and
 * BEGIN/COMMIT two each. The caller holds PGlite's locks (runExclusive, inside a transaction or _runExclusiveTransaction).
 * A failing statement makes the backend skip the rest up to the Sync; the call then throws its DatabaseError (code,
 * detail, hint… as PGlite's query() throws them). Results are parsed as query() parses them, one per statement.
 *
 * A statement with a `name` is parsed and planned once (the first time, as that named prepared statement) and then
 * only bound and executed, as on PostgreSQL (rest/execute.ts, docs/decisions/0058): parsing, rewriting (RLS) and
 * planning were most of a REST read's backend work. PostgreSQL re-plans it after DDL on what it uses, and per role
 * where row security shaped the plan. Which names the backend holds is read from its answer: a Parse counts once its
 * ParseComplete came (a named statement outlives the transaction it was made in, failed or not).
 */
export async function runExchange(pg: PGlite, statements: BoundStatement[], opts: { syncToFs: boolean }): Promise<QueryResult[]> {
  let prepared = preparedBy.get(pg);
  if (!prepared) preparedBy.set(pg, (prepared = new Set()));
  const parts: Uint8Array[] = [];
  const parsed: (string | undefined)[] = []; // the name of each Parse sent, in order ('' = unnamed)
  const used = new Set(statements.flatMap((s) => (s.name ? [s.name] : [])));
  const fresh = new Set([...used].filter((n) => !prepared.has(n)));
  for (const n of used) if (prepared.delete(n)) prepared.add(n); // least recently used first
  let excess = prepared.size + fresh.size - MAX_PREPARED;
  for (const old of prepared) {
    if (excess <= 0) break;
    if (used.has(old)) continue; // never one this exchange binds
    parts.push(serialize.close({ type: 'S', name: old })); // not an error for a name the backend lacks
    prepared.delete(old);
    excess--;
  }
  for (const s of statements) {
    const values = (s.params ?? []).map((v) => (v === undefined ? null : (v as string | null)));
    const name = s.name ?? '';
    if (!name || (fresh.has(name) && !parsed.includes(name))) {
      parts.push(serialize.parse({ name, text: s.sql }));
      parsed.push(name);
    }
    parts.push(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}));
  }
  parts.push(serialize.sync());
  const { messages } = await pg.execProtocol(Buffer.concat(parts), { syncToFs: opts.syncToFs, throwOnError: false });
  let parseCompletes = 0;
  let error: Error | undefined;
  for (const m of messages) {
    if (m.name === 'parseComplete') {
      const name = parsed[parseCompletes++];
      if (name) prepared.add(name);
    } else if (m instanceof DatabaseError) error ??= m;
  }
  if (error) throw error;
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

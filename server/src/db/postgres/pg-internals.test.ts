import { createRequire } from 'node:module';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

// The node-postgres internals the PostgreSQL driver leans on (one-sync.ts, coalesce.ts, read-lane.ts, pg-cancel.ts),
// checked on real pg objects without a database: a pg upgrade that renames or reshapes one fails here, by name,
// before it fails as a hung or wrong batch in production. Each is described in docs/database.md.
const require = createRequire(import.meta.url);
const PG_VERSION = (require('pg/package.json') as { version: string }).version;
const why = (what: string) =>
  `pg ${PG_VERSION}: ${what} changed. The batch strategies rely on it: read docs/database.md ("node-postgres internals") ` +
  'and adapt server/src/db/postgres/ before upgrading pg.';

/** A client that never connects: its Connection holds a socket that was never opened. */
const idleClient = () => new pg.Client({ pipeline: true } as pg.ClientConfig);
type Internal = Record<string, unknown> & { connection: Record<string, unknown> & { stream: Record<string, unknown> } };

describe('node-postgres internals the PostgreSQL driver relies on (docs/database.md)', () => {
  it('pipeline mode: the client option, and queries submitted as soon as they are queued', () => {
    const client = idleClient() as unknown as Internal;
    expect(client.pipeline, why('Client option `pipeline` (Client#pipeline)')).toBe(true);
    expect(typeof client._pulsePipelinedQueryQueue, why('Client#_pulsePipelinedQueryQueue (synchronous submit)')).toBe('function');
    // pg-pool hands its options to each client it creates
    const pool = new pg.Pool({ pipeline: true } as pg.PoolConfig) as unknown as { options: { pipeline?: boolean } };
    expect(pool.options.pipeline, why('Pool options passed to Client (`pipeline`)')).toBe(true);
    void (pool as unknown as pg.Pool).end();
  });

  it('Client#connection: the socket (cork/uncork) and the named-statement bookkeeping', () => {
    const client = idleClient() as unknown as Internal;
    const con = client.connection;
    expect(con, why('Client#connection')).toBeInstanceOf(pg.Connection);
    expect(typeof con.stream.cork, why('Connection#stream.cork')).toBe('function');
    expect(typeof con.stream.uncork, why('Connection#stream.uncork')).toBe('function');
    expect(con.parsedStatements, why('Connection#parsedStatements')).toEqual({});
    expect(con.submittedNamedStatements, why('Connection#submittedNamedStatements')).toEqual({});
    for (const method of ['parse', 'bind', 'describe', 'execute', 'sync'])
      expect(typeof con[method], why(`Connection#${method}() (extended-protocol messages)`)).toBe('function');
  });

  it('Client#processID: the backend a pooled client talks to (pg_cancel_backend)', () => {
    const client = idleClient() as unknown as Internal;
    expect('processID' in client, why('Client#processID')).toBe(true);
    expect(client.processID, why('Client#processID before connect')).toBeNull();
  });

  it("ParseComplete records the active query's name and text; an error forgets its submitted name", () => {
    const client = idleClient() as unknown as Internal & {
      _handleParseComplete(): void;
      _handleErrorMessage(msg: Error): void;
    };
    const con = client.connection as unknown as {
      parsedStatements: Record<string, string>;
      submittedNamedStatements: Record<string, string>;
    };
    expect(typeof client._handleParseComplete, why('Client#_handleParseComplete')).toBe('function');
    con.submittedNamedStatements.a = 'select 1';
    client._activeQuery = { name: 'a', text: 'select 1' };
    client._handleParseComplete();
    expect(con.parsedStatements, why('ParseComplete bookkeeping (parsedStatements[activeQuery.name] = activeQuery.text)')).toEqual({
      a: 'select 1',
    });
    expect(con.submittedNamedStatements, why('ParseComplete bookkeeping (submittedNamedStatements)')).toEqual({});

    const errors: unknown[] = [];
    con.submittedNamedStatements.b = 'select 2';
    client._activeQuery = { name: 'b', text: 'select 2', handleError: (err: unknown) => errors.push(err) };
    client._handleErrorMessage(new Error('boom'));
    expect(con.submittedNamedStatements, why('ErrorResponse bookkeeping (delete submittedNamedStatements[activeQuery.name])')).toEqual({});
    expect(errors, why('ErrorResponse handed to activeQuery.handleError(err, connection)')).toHaveLength(1);
  });

  it('pipeline mode accepts a subclass of pg.Query and refuses other custom query objects', async () => {
    class Batch extends pg.Query {}
    const client = idleClient() as unknown as Internal & { query(q: unknown): unknown; _queryQueue: unknown[] };
    const subclass = new Batch('') as unknown as { callback?: (err: Error | null) => void };
    const subclassErrors: unknown[] = [];
    subclass.callback = (err) => subclassErrors.push(err);
    client.query(subclass);
    expect(client._queryQueue, why('Client#_queryQueue (a pg.Query subclass queued in pipeline mode)')).toContain(subclass);

    const refused = new Promise<Error>((resolve) => {
      client.query({ submit: () => null, handleError: (err: Error) => resolve(err), callback: () => {} });
    });
    expect((await refused).message, why('the pipeline-mode check `query instanceof Query`')).toMatch(/not supported in pipeline mode/);
    await new Promise((r) => setImmediate(r));
    expect(subclassErrors, why('a pg.Query subclass refused in pipeline mode')).toEqual([]);
  });

  it('pg.Query: one Result per CommandComplete in `_results`, all handed to `callback` at ReadyForQuery', () => {
    const q = new pg.Query('') as unknown as Record<string, unknown> & {
      handleCommandComplete(msg: { text: string }, con: unknown): void;
      handleEmptyQuery(con: unknown): void;
      handleError(err: Error, con: unknown): void;
      handleReadyForQuery(con: unknown): void;
    };
    for (const method of ['handleCommandComplete', 'handleEmptyQuery', 'handleError', 'handleReadyForQuery'])
      expect(typeof q[method], why(`Query#${method}()`)).toBe('function');
    const con = { sync: () => {} };
    q.handleCommandComplete({ text: 'SELECT 1' }, con);
    expect(Array.isArray(q._results), why('Query#_results (one Result before a second statement)')).toBe(false);
    q.handleCommandComplete({ text: 'INSERT 0 2' }, con);
    const results = q._results as { command: string; rowCount: number }[];
    expect(Array.isArray(results), why('Query#_results (an array from the second CommandComplete on)')).toBe(true);
    expect(
      results.map((r) => [r.command, r.rowCount]),
      why('Query#_results (a Result per CommandComplete)'),
    ).toEqual([
      ['SELECT', 1],
      ['INSERT', 2],
    ]);
    let answered: unknown;
    q.callback = (_err: unknown, res: unknown) => (answered = res);
    q.handleReadyForQuery(con);
    expect(answered, why('Query#handleReadyForQuery calls callback(null, _results)')).toBe(results);
  });

  it("pg/lib/utils.js prepareValue: node-postgres' own mapping of bound parameters", () => {
    const { prepareValue } = require('pg/lib/utils.js') as { prepareValue(v: unknown): unknown };
    expect(typeof prepareValue, why('pg/lib/utils.js export prepareValue')).toBe('function');
    expect(prepareValue([1, 'a"b', null]), why('prepareValue (arrays)')).toBe('{"1","a\\"b",NULL}');
    expect(prepareValue({ a: 1 }), why('prepareValue (objects as JSON)')).toBe('{"a":1}');
    expect(prepareValue(Buffer.from('x')), why('prepareValue (Buffer)')).toEqual(Buffer.from('x'));
  });
});

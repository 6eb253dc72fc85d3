/**
 * Prepared-statement names for the /rest/v1 statements (issue 16): one name per distinct SQL text (the text holds
 * only placeholders, so it is the query's shape), so each pooled PostgreSQL connection, and PGlite's one backend
 * (db/pglite-exchange.ts), parses and plans a shape once and then only binds and executes it. PostgreSQL keeps
 * such a plan right across schema changes: it re-plans after DDL on anything the statement uses, and per role where
 * row-level security shaped the plan.
 *
 * Bounded: at most MAX_NAMED names per generation; shapes beyond that run unnamed (parsed per call, as before),
 * so no request pattern can make connections hold more. A schema-cache reload starts a new generation (fresh
 * names: statements are parsed again against the schema as it is now); old names stay valid on the connections
 * that parsed them until those close (PGlite's one backend closes the oldest beyond a bound of its own).
 */
export const MAX_NAMED = 200;

export class StatementNames {
  private names = new Map<string, string>();
  private generation = 0;

  /** The name for this text, or undefined when the bound is reached. */
  name(sql: string): string | undefined {
    let n = this.names.get(sql);
    if (n === undefined) {
      if (this.names.size >= MAX_NAMED) return undefined;
      n = `rest_${this.generation}_${this.names.size}`;
      this.names.set(sql, n);
    }
    return n;
  }

  /** Forgets every name (schema reload, or a statement whose cached plan PostgreSQL refuses). */
  forget() {
    this.names.clear();
    this.generation++;
  }

  get size() {
    return this.names.size;
  }
}

const perDatabase = new WeakMap<object, StatementNames>();

/** The names of one database handle (one pool). */
export function statementNames(db: object): StatementNames {
  let n = perDatabase.get(db);
  if (!n) perDatabase.set(db, (n = new StatementNames()));
  return n;
}

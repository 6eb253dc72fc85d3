// Cancelling an abandoned statement on PostgreSQL (Client#processID: docs/database.md, "node-postgres internals").
import pg from 'pg';

/**
 * Cancels what a PostgreSQL backend is running (pg_cancel_backend), from a connection of its own: when a request is
 * abandoned the pool may well be full of exactly such requests (issue 38). The backend answers 57014 to the query
 * it was running; its connection stays usable.
 */
export async function cancelBackend(url: string, pid: number, stillRunning: () => boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
    // The statement may have ended while this connection opened; the backend must not lose its next one.
    if (stillRunning()) await client.query('select pg_cancel_backend($1)', [pid]);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The backend process a pooled client talks to. */
export const backendPid = (client: pg.PoolClient) => (client as unknown as { processID: number }).processID;

/**
 * When `signal` aborts (the client hung up) while `own` is still running, cancels it with `cancel`. `before`: what
 * was sent ahead of it on the same connection (a pipelined read group, read-lane.ts): the backend runs them first,
 * so the cancel waits for them, and never cancels another request's statement.
 */
export function cancelWhenAbandoned(
  signal: AbortSignal | undefined,
  own: Promise<unknown>,
  cancel: (stillRunning: () => boolean) => Promise<void>,
  before: Promise<unknown> = Promise.resolve(),
): void {
  if (!signal) return;
  let running = true;
  const stillRunning = () => running;
  const onAbort = () =>
    void before
      .then(() => (running ? cancel(stillRunning) : undefined))
      .catch(() => {
        // best effort: the statement timeout still bounds it
      });
  own.then(
    () => (running = false),
    () => (running = false),
  );
  void own.finally(() => signal.removeEventListener('abort', onAbort)).catch(() => {});
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
}

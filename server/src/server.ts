import type { Server as HttpServer } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createJwtVerifier, loadSigningKeys } from './accounts/index.js';
import { defaultSiteUrl, loadConfig, type Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/index.js';
import { migrate } from './db/migrate.js';
import { startPgliteMaintenance } from './db/pglite/maintenance.js';
import { createApp } from './app.js';
import { startWaitlistMailer } from './api/waitlist-confirmations.js';
import { startJobQueue, type JobQueue } from './jobs/queue.js';
import { schedulePlanReminders } from './plan/reminders.js';
import { scheduleStripeMetrics } from './metrics/stripe-schedule.js';
import { scheduleWeeklyReviews } from './review/weekly-review.js';
import { startConnectionWorker } from './connections/runs.js';
import { scheduleConnections } from './connections/schedule.js';
import { startConnectionEvents } from './connections/events.js';
import { Lifecycle, trackIdleConnections } from './http/lifecycle.js';
import { closeRateLimitStores } from './http/rate-limit.js';
import { loadKeys } from './keys.js';
import { createLogger, type Logger } from './log.js';
import { createMailer } from './mail/mailer.js';
import { warnMissingOperatorSettings } from './site/operator-settings.js';

/**
 * Stops accepting connections, then waits until every running request has answered and every connection has
 * closed, or until timeoutMs, when the remaining connections are cut. Returns whether a running request was cut.
 * Kept-alive connections are not closed under the client's feet (a request it is sending at that instant would
 * fail with ECONNRESET): each response now says Connection: close, and only connections idle for 250 ms are closed.
 */
async function drain(
  server: HttpServer,
  idle: ReturnType<typeof trackIdleConnections>,
  lifecycle: Lifecycle,
  timeoutMs: number,
  log: Logger,
): Promise<boolean> {
  lifecycle.draining = true;
  // net.Server's close, not http.Server's: the latter also closes idle kept-alive connections at once.
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  const sweep = setInterval(() => idle.closeIdleFor(250), 50);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  try {
    const done = await Promise.race([Promise.all([closed, lifecycle.idle()]).then(() => 'done' as const), timedOut]);
    if (done === 'done') return false;
    const cut = lifecycle.inFlight;
    if (cut > 0) log.warn({ inFlight: cut, timeoutMs }, 'shutdown timeout: cutting the remaining connections');
    server.closeAllConnections();
    // Handlers whose client was cut still run to the end; the database must not close under them.
    await Promise.race([lifecycle.idle(), new Promise((r) => setTimeout(r, 5_000).unref())]);
    return cut > 0;
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
}

export interface RunningServer {
  url: string;
  port: number;
  ctx: AppContext;
  /** The durable job queue (pg-boss): what runs on a schedule or later. */
  jobs: JobQueue;
  /**
   * Drains and stops: refuses new requests, lets running ones finish for up to SHUTDOWN_TIMEOUT_SECONDS (then
   * cuts their connections: `forced`), then closes the database (and releases DATA_DIR). Safe to call twice.
   */
  close(): Promise<{ forced: boolean }>;
}

/** config -> database -> migrations -> http -> listen. Used by main.ts and by the test harnesses. */
export async function startServer(env: NodeJS.ProcessEnv = process.env, opts: { webDist?: string } = {}): Promise<RunningServer> {
  const config: Config = loadConfig(env);
  const log = createLogger(config);
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db);
    if (applied.length) log.info({ applied }, 'migrations applied');
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  // PGlite has no autovacuum of its own (docs/decisions/0103); PostgreSQL runs its own.
  const stopMaintenance = db.kind === 'pglite' ? startPgliteMaintenance(db, log) : undefined;
  const keys = await loadKeys(config);
  const mailer = createMailer(config, log);
  const lifecycle = new Lifecycle();
  const ctx: AppContext = {
    config,
    db,
    keys,
    log,
    mailer,
    lifecycle,
    jwt: createJwtVerifier(keys, loadSigningKeys(config.AUTH_SIGNING_KEYS)),
  };
  // the durable job queue and what is scheduled on it (docs/decisions/0175); connection runs (issue 40) go on it too
  const jobs = await startJobQueue(ctx);
  await schedulePlanReminders(jobs, ctx);
  await scheduleStripeMetrics(jobs, ctx);
  await scheduleWeeklyReviews(jobs, ctx);
  await startConnectionWorker(jobs, ctx);
  await scheduleConnections(jobs, ctx);
  // product events (a task ticked off, a figure recorded) recorded by the database, turned into runs
  const stopConnectionEvents = startConnectionEvents(jobs, ctx);
  const app = createApp(ctx, { webDist: opts.webDist ?? config.WEB_DIST_DIR, jobs });
  // retries of refused waitlist confirmations, independent of new joins (issue 38 #7)
  const stopWaitlistMailer = startWaitlistMailer(ctx);

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => resolve(s));
  });
  const idle = trackIdleConnections(server as unknown as HttpServer);
  const port = (server.address() as AddressInfo).port;
  // PORT=0 (tests): the default SITE_URL named port 0; use the port we got. Otherwise the default (HOST:PORT) stands.
  if (!env.SITE_URL && config.PORT === 0) config.SITE_URL = defaultSiteUrl(config.HOST, port);
  const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`;
  // Scripts (make-admin, backup) find the running server here instead of opening the embedded files.
  db.dataDirLock?.setUrl(url.replace('://0.0.0.0:', '://127.0.0.1:').replace('://[::]:', '://[::1]:'));
  log.info({ url, database: db.kind }, 'listening');
  warnMissingOperatorSettings(config, log);

  let closing: Promise<{ forced: boolean }> | undefined;
  return {
    url,
    port,
    ctx,
    jobs,
    close() {
      closing ??= drain(server as unknown as HttpServer, idle, lifecycle, config.SHUTDOWN_TIMEOUT_SECONDS * 1000, log).then(
        async (forced) => {
          await stopWaitlistMailer(); // before the mailer and the database it uses
          await stopConnectionEvents(); // before the job queue it queues runs on
          await jobs.stop({ graceful: true, wait: true, timeout: config.SHUTDOWN_TIMEOUT_SECONDS * 1000 });
          await closeRateLimitStores(ctx);
          mailer.close();
          await stopMaintenance?.();
          await db.close(); // PGlite writes its files and releases DATA_DIR
          return { forced };
        },
      );
      return closing;
    },
  };
}

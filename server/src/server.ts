import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createJwtVerifier } from './auth/jwt.js';
import { loadSigningKeys } from './auth/signing-keys.js';
import { defaultSiteUrl, loadConfig, type Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/index.js';
import { migrate } from './db/migrate.js';
import { createApp } from './http/app.js';
import { closeRateLimitStores } from './http/rate-limit.js';
import { loadKeys } from './keys.js';
import { createLogger } from './log.js';
import { createMailer } from './mail/mailer.js';

export interface RunningServer {
  url: string;
  port: number;
  ctx: AppContext;
  close(): Promise<void>;
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
  const keys = await loadKeys(config);
  const mailer = createMailer(config, log);
  const ctx: AppContext = { config, db, keys, log, mailer, jwt: createJwtVerifier(keys, loadSigningKeys(config.AUTH_SIGNING_KEYS)) };
  const app = createApp(ctx, { webDist: opts.webDist ?? config.WEB_DIST_DIR });

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  // PORT=0 (tests): the default SITE_URL named port 0; use the port we got. Otherwise the default (HOST:PORT) stands.
  if (!env.SITE_URL && config.PORT === 0) config.SITE_URL = defaultSiteUrl(config.HOST, port);
  const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`;
  log.info({ url, database: db.kind }, 'listening');

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    ctx,
    close() {
      // finish in-flight requests, then close the database so PGlite flushes its files
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      })
        .then(() => closeRateLimitStores(ctx))
        .then(() => db.close());
      return closing;
    },
  };
}

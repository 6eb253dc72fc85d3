import { ConfigError } from './config.js';
import { DataDirLockedError } from './data-dir-lock.js';
import { MigrationError } from './db/migrate.js';
import { startServer } from './server.js';
import { lowerThreadPoolPriority } from './thread-pool-priority.js';

try {
  // Before anything uses the pool, so every thread is idle and answers: hashing yields to the event loop (ADR 0102).
  const pool = await lowerThreadPoolPriority();
  const server = await startServer();
  const { log, config } = server.ctx;
  if (pool.lowered.length < pool.expected)
    log.warn({ lowered: pool.lowered.length, expected: pool.expected }, 'could not lower the priority of every thread-pool thread');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      // A second signal: the operator does not want to wait.
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal, timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutting down: draining requests');
    // Backstop only: close() is itself bounded; this catches a database close that hangs.
    setTimeout(
      () => {
        log.error('shutdown did not finish: exiting');
        process.exit(1);
      },
      (config.SHUTDOWN_TIMEOUT_SECONDS + 15) * 1000,
    ).unref();
    try {
      const { forced } = await server.close();
      log.info({ forced }, 'stopped');
      process.exit(forced ? 1 : 0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
} catch (err) {
  if (err instanceof ConfigError || err instanceof MigrationError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Start-up failed:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
}

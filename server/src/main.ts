import { ConfigError } from './config.js';
import { MigrationError } from './db/migrate.js';
import { startServer } from './server.js';

try {
  const server = await startServer();
  const stop = async (signal: string) => {
    server.ctx.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
} catch (err) {
  if (err instanceof ConfigError || err instanceof MigrationError) {
    console.error(err.message);
  } else {
    console.error('Start-up failed:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
}

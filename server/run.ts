import { createLogger } from './logger';
import { type Config, ConfigError, giftCardKeyOf, loadConfig, staffKeyOf } from './config';
import { type RunningServer, startServer } from './serve';

let config: Config;
try {
  config = loadConfig(process.env);
  // The server reads gift card codes: without its key it does not start (production with DATABASE_URL).
  giftCardKeyOf(config);
  staffKeyOf(config);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const log = createLogger({ level: config.LOG_LEVEL });

let running: RunningServer;
try {
  running =
    config.NODE_ENV === 'development'
      ? await import('./dev-server').then((m) => m.startDevServer(config, log))
      : await startServer(config, log);
} catch (error) {
  log.fatal({ err: error }, (error as Error).message);
  process.exit(1);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  // Past the grace and drain times and a little for the outbox's job and the pool: the process goes anyway.
  setTimeout(() => process.exit(1), config.SHUTDOWN_GRACE_MS + config.SHUTDOWN_DRAIN_MS + 5_000).unref();
  await running.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

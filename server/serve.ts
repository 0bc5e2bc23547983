import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import pino, { type Logger } from 'pino';
import type { ServerBuild } from 'react-router';
import { systemClock } from '../domain/clock';
import { createApp } from './app';
import { trackInFlight } from './in-flight';
import { newLocalOperatorToken, removeLocalOperator, writeLocalOperator } from './local-operator';
import type { Config } from './config';
import { startOutboxWorker } from './outbox-worker';
import { writeQueuedViews } from '../services/personal/product-views';
import { prepareDatabase } from './start';

export interface RunningServer {
  port: number;
  close(): Promise<void>;
  /** The SQL statements sent so far, when started with `countStatements` (the benchmarks). */
  statementCount?(): number;
}

/**
 * Opens the database, loads the React Router build and listens; close() stops listening, waits for the requests being
 * answered, then closes the database.
 */
export async function startServer(
  config: Config,
  log: Logger = pino({ level: config.LOG_LEVEL }),
  options: {
    countStatements?: boolean;
    /** The commands' credential, given (the browser tests'); otherwise one of its own on the embedded database. */
    localOperatorToken?: string;
  } = {},
): Promise<RunningServer> {
  const buildPath = path.resolve('build/server/index.js');
  let build: ServerBuild;
  try {
    build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  } catch (error) {
    throw new Error(
      `No server build at ${buildPath}: run "npm run build" first (npm start does). ${(error as Error).message}`,
    );
  }
  // The operator console's own build (admin/, decision 041), built by `npm run build` beside the storefront's.
  const consoleBuild = (await import(pathToFileURL(path.resolve('build/console/server/index.js')).href)) as ServerBuild;
  const database = await prepareDatabase(config, log, options);
  // On the embedded database, which this process holds, the operators' commands come through the server.
  const embedded = !config.DATABASE_URL;
  const localOperatorToken = options.localOperatorToken ?? (embedded ? newLocalOperatorToken() : undefined);
  const app = createApp({
    database,
    config,
    localOperatorToken,
    logger: log,
    build,
    clientDir: path.resolve('build/client'),
    consoleBuild,
    consoleClientDir: path.resolve('build/console/client'),
  });
  const outboxWorker = startOutboxWorker(database, config, log, systemClock);
  const requests = trackInFlight(app.fetch);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: requests.handler, port: config.PORT, hostname: config.HOST }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  log.info({ port, database: database.kind, site: config.SITE }, `storefront listening on http://localhost:${port}`);
  if (localOperatorToken && embedded)
    writeLocalOperator(config.DATA_DIR, { url: `http://127.0.0.1:${port}`, token: localOperatorToken });
  return {
    port,
    ...(database.statementCount ? { statementCount: database.statementCount } : {}),
    close: () =>
      new Promise<void>((resolve) => {
        if (localOperatorToken && embedded) removeLocalOperator(config.DATA_DIR);
        server.close(async () => {
          // A request whose client has gone is still answered (an order placed, its email queued) before the
          // database closes.
          await requests.idle();
          await outboxWorker.stop();
          await writeQueuedViews(database.db);
          await database.close().catch((err: unknown) => log.error({ err }, 'database close failed'));
          resolve();
        });
        // NOTE: idle keep-alive sockets would otherwise hold close() open.
        (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      }),
  };
}

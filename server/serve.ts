import type { Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import { createLogger } from './logger';
import type { ServerBuild } from 'react-router';
import { systemClock } from '../domain/clock';
import { createApp } from './app';
import { trackInFlight } from './in-flight';
import { newLocalOperatorToken, removeLocalOperator, writeLocalOperator } from './local-operator';
import type { Config } from './config';
import { startOutboxWorker } from './outbox-worker';
import { createMetrics, serveMetrics } from './metrics';
import { startTraces } from './traces';
import { paymentProviderFor } from '../services/payments/provider';
import { writeQueuedViews } from '../services/personal/product-views';
import { prepareDatabase } from './start';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether `work` settled within `ms` (the timer does not hold the process open). */
function withinTime(work: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    timer.unref();
    void work.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export interface RunningServer {
  port: number;
  close(): Promise<void>;
  /** The SQL statements sent so far, when started with `countStatements` (the benchmarks). */
  statementCount?(): number;
}

/**
 * Opens the database, loads the React Router build and listens. close() is the shutdown (SIGTERM): /readyz answers
 * 503 at once and every answer tells its client to close the connection; after SHUTDOWN_GRACE_MS the process stops
 * listening; the requests being answered get up to SHUTDOWN_DRAIN_MS to finish; the outbox worker ends its job; then
 * the database closes, and the traces' last spans are sent.
 */
export async function startServer(
  config: Config,
  log: Logger = createLogger({ level: config.LOG_LEVEL }),
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
  // Before the database opens, so that its pool's connections are traced too.
  const traces = startTraces(config);
  const database = await prepareDatabase(config, log, options);
  // On the embedded database, which this process holds, the operators' commands come through the server.
  const embedded = !config.DATABASE_URL;
  const localOperatorToken = options.localOperatorToken ?? (embedded ? newLocalOperatorToken() : undefined);
  const metrics = config.METRICS_PORT === undefined ? undefined : createMetrics(database);
  let draining = false;
  let closing: Promise<void> | undefined;
  const app = createApp({
    database,
    config,
    draining: () => draining,
    ...(metrics ? { metrics } : {}),
    ...(traces ? { traces } : {}),
    localOperatorToken,
    logger: log,
    build,
    clientDir: path.resolve('build/client'),
    consoleBuild,
    consoleClientDir: path.resolve('build/console/client'),
  });
  const workerPayments = paymentProviderFor(database.db, config);
  const outboxWorker = startOutboxWorker(
    database,
    config,
    log,
    systemClock,
    metrics?.timedPayments(workerPayments) ?? workerPayments,
    traces?.observer,
  );
  const metricsServer =
    metrics && config.METRICS_PORT !== undefined
      ? await serveMetrics(metrics, config.METRICS_PORT, config.HOST)
      : undefined;
  const requests = trackInFlight(app.fetch);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: requests.handler, port: config.PORT, hostname: config.HOST }, () => resolve(s));
  });
  const listener = server as unknown as Server;
  // NOTE: set before the app's listener answers (it answers asynchronously): Node then closes the connection after
  // this answer, so a keep-alive client opens its next request elsewhere.
  listener.prependListener('request', (_req, res) => {
    if (draining) res.setHeader('Connection', 'close');
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  log.info({ port, database: database.kind, site: config.SITE }, `storefront listening on http://localhost:${port}`);
  if (localOperatorToken && embedded)
    writeLocalOperator(config.DATA_DIR, { url: `http://127.0.0.1:${port}`, token: localOperatorToken });
  return {
    port,
    ...(database.statementCount ? { statementCount: database.statementCount } : {}),
    close: () => (closing ??= shutdown()),
  };

  async function shutdown(): Promise<void> {
    draining = true;
    // A connection whose answer ends from now on is not kept open for another request.
    listener.keepAliveTimeout = 1;
    if (localOperatorToken && embedded) removeLocalOperator(config.DATA_DIR);
    if (config.SHUTDOWN_GRACE_MS > 0) await sleep(config.SHUTDOWN_GRACE_MS);
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    // NOTE: idle keep-alive sockets would otherwise hold close() open.
    listener.closeIdleConnections();
    // A request whose client has gone is still answered (an order placed, its email queued) before the database
    // closes; one still running after the drain time is cut off, and said so.
    const drained = await withinTime(requests.idle(), config.SHUTDOWN_DRAIN_MS);
    if (!drained) log.warn({ running: requests.running }, 'shutdown: requests still running after SHUTDOWN_DRAIN_MS');
    // A handler's answer may still be on its way out when the handler has returned: its connection ends once it is
    // written (kept open 1 ms from the signal on), or is cut after a second.
    if (!(await withinTime(stopped, 1_000))) listener.closeAllConnections();
    await outboxWorker.stop();
    await writeQueuedViews(database.db);
    await database.close().catch((err: unknown) => log.error({ err }, 'database close failed'));
    await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
    // The spans still waiting go out last: the pool's final statements are among them.
    await traces?.shutdown().catch((err: unknown) => log.error({ err }, 'traces flush failed'));
    log.info({ drained }, 'shutdown complete');
  }
}

import { existsSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from 'pino';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import { systemClock } from '../domain/clock';
import type { RequestContext } from '../services/platform/request-context';
import { createApp } from './app';
import type { Config } from './config';
import type { RunningServer } from './serve';
import { startOutboxWorker } from './outbox-worker';
import { prepareDatabase } from './start';

const CONSOLE_BUILD = path.resolve('build/console/server/index.js');

/**
 * `npm run dev`: the same Hono app, with Vite's dev server in front of it for the browser's modules and
 * hot reload, and the React Router build loaded through Vite on every request (so route edits show on
 * the next request without a restart). NOTE: vite is a dev dependency, so this module is only ever
 * imported dynamically, never by the production path.
 */
export async function startDevServer(config: Config, log: Logger): Promise<RunningServer> {
  const http = createHttpServer();
  const vite = await import('vite').then((m) =>
    m.createServer({ server: { middlewareMode: true, hmr: { server: http } }, appType: 'custom' }),
  );
  const database = await prepareDatabase(config, log);
  const app = createApp({
    database,
    config,
    logger: log,
    // NOTE: Node must load react-router with the development condition (package.json's dev script
    // passes --conditions=development), as Vite does for the entry: the request handler and the
    // entry's RouterContextProvider must be one module instance, or the context check fails.
    renderPage: async (request, ctx) => {
      const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
      const entry = build.entry.module as unknown as { createLoadContext(ctx: RequestContext): RouterContextProvider };
      return createRequestHandler(build, 'development')(request, entry.createLoadContext(ctx));
    },
    clientDir: 'public',
    // The console (admin/, decision 041) as `npm run build` last built it; without a build, /admin has no pages.
    ...(existsSync(CONSOLE_BUILD)
      ? {
          consoleBuild: (await import(pathToFileURL(CONSOLE_BUILD).href)) as ServerBuild,
          consoleClientDir: path.resolve('build/console/client'),
        }
      : {}),
  });
  const outboxWorker = startOutboxWorker(database, config, log, systemClock);
  const hono = getRequestListener(app.fetch);
  http.on('request', (req, res) => vite.middlewares(req, res, () => void hono(req, res)));
  await new Promise<void>((resolve) => http.listen(config.PORT, config.HOST, resolve));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  log.info({ port, database: database.kind }, `storefront (development, hot reload) on http://localhost:${port}`);
  return {
    port,
    close: async () => {
      await vite.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
      await outboxWorker.stop();
      await database.close();
    },
  };
}

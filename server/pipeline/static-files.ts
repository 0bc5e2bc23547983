import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types';

/**
 * Built files from the folder the caller names (server/serve.ts: the build's; the dev server: public/). The build
 * writes each script and stylesheet brotli- and gzip-compressed beside it (vite.config.ts), sent as they are.
 */
export function builtFiles(clientDir: string): MiddlewareHandler<AppEnv> {
  const staticRoot = path.relative(process.cwd(), clientDir) || '.';
  const serveBuilt = (cacheControl: string) =>
    serveStatic({
      root: staticRoot,
      precompressed: true,
      onFound: (_p, c) => {
        c.header('Cache-Control', cacheControl);
      },
    });
  // Built assets carry a content hash in their names, so they never change.
  const asset = serveBuilt('public, max-age=31536000, immutable');
  const builtFile = serveBuilt('public, max-age=3600');
  return (c, next) => {
    if (c.req.path.startsWith('/assets/')) return asset(c, next);
    // NOTE: only names with an extension are looked for on disk: a page's path (no extension) costs no stat.
    return /\.[^/]+$/.test(c.req.path) ? builtFile(c, next) : next();
  };
}

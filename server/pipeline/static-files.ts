import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { LRUCache } from 'lru-cache';
import type { AppEnv } from '../types';
import { chooseEncoding } from './page-cache';

/** A built asset's bytes as the build wrote them: plain, and brotli and gzip where the build compressed it. */
interface Asset {
  type: string;
  plain: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

/** An asset's name: the build writes them flat into assets/, so a name with a slash (or `..`) is none of them. */
const ASSET_NAME = /^[\w-]+(\.[\w-]+)+$/;

function readIfThere(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/**
 * The build's scripts (`/assets/…`), answered from memory: each file is read once, with its `.br` and `.gz` copies
 * (vite.config.ts), and then sent in one piece as the client's Accept-Encoding asks. Their names carry a content hash,
 * so they never change and are cached by browsers for a year. `maxBytes` bounds what is held; an address that names
 * no file goes on (to the 404 page) and is not remembered.
 */
export function builtAssets(
  clientDir: string,
  maxBytes = 64 * 1024 * 1024,
  urlPrefix = '/assets/',
): MiddlewareHandler<AppEnv> {
  const dir = path.join(clientDir, 'assets');
  const assets = new LRUCache<string, Asset>({
    maxSize: maxBytes,
    sizeCalculation: (a) => a.plain.length + (a.br?.length ?? 0) + (a.gzip?.length ?? 0) || 1,
  });
  const load = (name: string): Asset | undefined => {
    const plain = readIfThere(path.join(dir, name));
    if (!plain) return undefined;
    const asset: Asset = {
      type: getMimeType(name) ?? 'application/octet-stream',
      plain,
      br: readIfThere(path.join(dir, `${name}.br`)),
      gzip: readIfThere(path.join(dir, `${name}.gz`)),
    };
    assets.set(name, asset);
    return asset;
  };
  return async (c, next) => {
    const method = c.req.method;
    const name = c.req.path.slice(urlPrefix.length);
    if ((method !== 'GET' && method !== 'HEAD') || !ASSET_NAME.test(name)) return next();
    const asset = assets.get(name) ?? load(name);
    if (!asset) return next();
    const encoding = chooseEncoding(c.req.header('accept-encoding'), { br: !!asset.br, gzip: !!asset.gzip });
    const body = (encoding === 'br' ? asset.br : encoding === 'gzip' ? asset.gzip : null) ?? asset.plain;
    c.header('Content-Type', asset.type);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    if (asset.br || asset.gzip) c.header('Vary', 'Accept-Encoding');
    if (encoding) c.header('Content-Encoding', encoding);
    c.header('Content-Length', String(body.length));
    if (method === 'HEAD') return c.body(null, 200);
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200);
  };
}

/**
 * The build's other files (favicon and the like) from the folder the caller names (server/serve.ts: the build's; the
 * dev server: public/).
 */
export function builtFiles(clientDir: string): MiddlewareHandler<AppEnv> {
  const staticRoot = path.relative(process.cwd(), clientDir) || '.';
  const serveBuilt = serveStatic({
    root: staticRoot,
    precompressed: true,
    onFound: (_p, c) => {
      c.header('Cache-Control', 'public, max-age=3600');
    },
  });
  // NOTE: only names with an extension are looked for on disk: a page's path (no extension) costs no stat.
  return (c, next) => (/\.[^/]+$/.test(c.req.path) ? serveBuilt(c, next) : next());
}

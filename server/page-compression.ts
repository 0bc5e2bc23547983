import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { encodingQuality } from './page-cache';

const gzipAsync = promisify(gzip);

/**
 * Rendered pages leave gzipped in one piece (issue 17). A page is rendered whole into one buffer
 * (app/entry.server.tsx), so it is compressed whole, on libuv's thread pool, instead of chunk by chunk through a
 * CompressionStream on the main thread (hono/compress, which still answers everything else). A page the page
 * cache answers is already encoded and passes by untouched.
 */
export function compressPages(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (
      c.req.method !== 'GET' ||
      !res.body ||
      res.headers.has('Content-Encoding') ||
      !res.headers.get('Content-Type')?.startsWith('text/html') ||
      encodingQuality(c.req.header('Accept-Encoding'))('gzip') <= 0
    ) {
      return;
    }
    const body = await gzipAsync(Buffer.from(await res.arrayBuffer()));
    const headers = new Headers(res.headers);
    headers.set('Content-Encoding', 'gzip');
    headers.append('Vary', 'Accept-Encoding');
    headers.delete('Content-Length');
    c.res = undefined;
    c.res = new Response(body, { status: res.status, headers });
  };
}

import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { encodingQuality } from './page-cache';

const gzipAsync = promisify(gzip);

/** What is answered whole: rendered pages and the JSON API. */
const WHOLE_BODY_TYPE = /^(text\/html|application\/json)\b/i;
/** Below this, gzip saves less than it costs (hono/compress's default threshold too). */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * Rendered pages and JSON answers leave gzipped in one piece (issue 17). A page is rendered whole into one buffer
 * (app/entry.server.tsx), and a JSON answer is one string, so each is compressed whole, on libuv's thread pool,
 * instead of chunk by chunk through a CompressionStream on the main thread (hono/compress, which still answers
 * everything else). An answer under 1 KB leaves as it is, with its length, so hono/compress passes it by too:
 * before, every JSON answer, however small, went through a CompressionStream (a cart change's answer, a user's
 * details: about a tenth of such a request's server time). A page the page cache answers is already encoded
 * and passes by untouched.
 */
export function compressWholeBodies(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (
      c.req.method === 'HEAD' ||
      !res.body ||
      res.status === 206 ||
      res.headers.has('Content-Encoding') ||
      !WHOLE_BODY_TYPE.test(res.headers.get('Content-Type') ?? '') ||
      /\bno-transform\b/i.test(res.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    let body = bytes;
    if (bytes.length >= MIN_COMPRESSED_BYTES) {
      headers.append('Vary', 'Accept-Encoding');
      if (encodingQuality(c.req.header('Accept-Encoding'))('gzip') > 0) {
        body = await gzipAsync(bytes);
        headers.set('Content-Encoding', 'gzip');
      }
    }
    headers.set('Content-Length', String(body.length));
    c.res = undefined;
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}

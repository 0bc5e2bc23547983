import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { answerBytes, isWholeAnswer } from '../../http/whole-answer';
import { replaceAnswer } from './answer-header';
import { encodingQuality } from './page-cache';

const gzipAsync = promisify(gzip);

/** What gzip makes smaller: text, JSON, scripts, XML and SVG (images and fonts are compressed already). */
const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|javascript|xml)\b|[^;\s]+\+(json|xml)\b)/i;
/** Below this, gzip saves less than it costs (hono/compress's default threshold too). */
const MIN_COMPRESSED_BYTES = 1024;
/**
 * From this size an answer is gzipped on libuv's thread pool, below it on the main thread. Handing a body to the
 * pool has a fixed cost (a stream, a compressor's state, a callback per output chunk) that outweighs small bodies:
 * a 12.9 KB cart answer cost 78 µs of the main thread and 197 µs of CPU in all through the pool, and 68 µs in all
 * in place. A 115 KB page is the other way round: 214 µs of the main thread through the pool, 1 210 µs in place.
 */
const POOLED_GZIP_FROM_BYTES = 16 * 1024;

/**
 * The one compression of answers: gzipped in one piece. A page is rendered whole into one buffer
 * (app/entry.server.tsx) and a JSON answer is one string, so each is compressed whole (a large one on libuv's thread
 * pool) instead of chunk by chunk through a CompressionStream on the main thread; any other compressible answer
 * (an image drawn as SVG, the sitemap) is read and compressed the same way. An answer under 1 KB leaves as it is,
 * with its length: a CompressionStream for every small JSON answer cost about a tenth of such a request's server
 * time. An answer already encoded (a page the page cache answers, a built file sent precompressed) passes by.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    // NOTE: a whole answer's bytes are at hand (services/whole-answer.ts): its stream, `body` and `statusText` are
    // left alone; any other answer is read from its body, and one without a body passes by.
    const whole = isWholeAnswer(res);
    if (
      c.req.method === 'HEAD' ||
      res.status === 206 ||
      res.headers.has('Content-Encoding') ||
      !COMPRESSIBLE_TYPE.test(res.headers.get('Content-Type') ?? '') ||
      /\bno-transform\b/i.test(res.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const bytes = await answerBytes(res);
    if (!bytes) return;
    const headers = new Headers(res.headers);
    let body = bytes;
    if (bytes.length >= MIN_COMPRESSED_BYTES) {
      headers.append('Vary', 'Accept-Encoding');
      if (encodingQuality(c.req.header('Accept-Encoding'))('gzip') > 0) {
        body = bytes.length >= POOLED_GZIP_FROM_BYTES ? await gzipAsync(bytes) : gzipSync(bytes);
        headers.set('Content-Encoding', 'gzip');
      }
    }
    headers.set('Content-Length', String(body.length));
    replaceAnswer(
      c,
      new Response(body, { status: res.status, statusText: whole ? undefined : res.statusText, headers }),
    );
  };
}

import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gunzipSync, gzip } from 'node:zlib';
import type { Context, Next } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Clock } from '../../domain/clock';
import { AGE_COOKIE_NAME } from '../../domain/age-gate';
import { withoutTrackingParams } from '../../domain/tracking-params';
import { REMEMBER_COOKIE, SESSION_COOKIE } from '../../services/identity/identity';
import { answerBytes } from '../../http/whole-answer';
import { replaceAnswer } from './answer-header';
import { CART_COOKIE } from '../session-cookies';
import type { AppEnv } from '../types';
import { ROUTE_HEADER } from '../../http/route-header';

// The rendered-page cache (issue: page cache). A Prospect's view of the home, listing, search, product and
// content pages is the same for every Prospect with the same few cookie facts (age confirmed, a cart or not),
// so it is rendered once and served from here, compressed, before the request costs a database query or a
// render. A visitor with a login cookie (session or remembered) never reads nor writes it. What a Prospect
// has of their own (the cart's count and lines) the browser reads from the JSON API after hydration.

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface CachedPage {
  etag: string;
  gzip: Buffer;
  br: Buffer;
  /** Headers of the rendered answer worth keeping (Content-Type, Content-Language, …). */
  headers: [string, string][];
  /** sha256 sources of the page's inline scripts: a cached page has no nonce of its own (server/content-security.ts). */
  scriptHashes: string[];
  bytes: number;
  expires: number;
}

/** What a store keeps of a page: its size in the store's budget and when it stops being served. */
export interface StoredPage {
  bytes: number;
  expires: number;
}

export interface PageStore<Page extends StoredPage = CachedPage> {
  get(key: string): Page | undefined;
  /** Stores unless the store was cleared since `generation` was read (the page may show what changed). */
  set(key: string, page: Page, generation: number): void;
  clear(): void;
  /** Goes up with every clear. */
  generation(): number;
  stats(): { entries: number; bytes: number; hits: number; misses: number };
  /** Counted by the middleware. */
  count(hit: boolean): void;
}

/** Least recently used entries go first once the compressed bytes pass maxBytes; each lives at most ttlMs. */
export function createPageStore<Page extends StoredPage = CachedPage>(options: {
  maxBytes: number;
  ttlMs: number;
  clock: Clock;
}): PageStore<Page> {
  const now = () => options.clock.now().getTime();
  // NOTE: no cache at all at PAGE_CACHE_MB=0.
  const entries =
    options.maxBytes > 0
      ? new LRUCache<string, Page>({
          maxSize: options.maxBytes,
          sizeCalculation: (page) => Math.max(1, page.bytes),
          // The clock is the app's (tests move it); read each time, never cached behind a timer.
          perf: { now },
          ttlResolution: 0,
        })
      : null;
  let hits = 0;
  let misses = 0;
  let generation = 0;
  return {
    get: (key) => entries?.get(key),
    set(key, page, since) {
      if (since !== generation) return;
      const ttl = Math.min(page.expires - now(), options.ttlMs);
      if (ttl > 0) entries?.set(key, page, { ttl });
    },
    clear() {
      entries?.clear();
      generation++;
    },
    generation: () => generation,
    stats: () => ({ entries: entries?.size ?? 0, bytes: entries?.calculatedSize ?? 0, hits, misses }),
    count(hit) {
      if (hit) hits++;
      else misses++;
    },
  };
}

export const PRODUCT_PATH = /^\/product\/[^/]+\/[^/]+$/;
const CONTENT_PATHS = new Set(['/', '/wines', '/about-us', '/privacy-policy', '/contact-us', '/campaign']);

/** The pages whose Prospect view is shared; a campaign's preview (an editor's draft) never is. */
export function isSharedPage(pathname: string, params: URLSearchParams): boolean {
  if (pathname === '/campaign') return params.get('preview') !== 'true';
  // A client navigation's data (`{path}.data`) is never a shared page: it is the visitor's loaders' answer.
  if (pathname.endsWith('.data')) return false;
  return CONTENT_PATHS.has(pathname) || PRODUCT_PATH.test(pathname);
}

/** `W/"…"` matches if any listed tag (or `*`) is it, weak comparison (RFC 9110 §13.1.2). */
function matchesEtag(header: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/** How much the client wants each content coding (Accept-Encoding q-values; `*` stands for the rest; 0: refused). */
export function encodingQuality(accept: string | undefined): (name: string) => number {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name = '', ...rest] = part.trim().split(';');
    if (!name.trim()) continue;
    const q = rest.map((r) => r.trim()).find((r) => r.startsWith('q='));
    offered.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  return (name) => offered.get(name) ?? offered.get('*') ?? 0;
}

/** br when the client takes it, else gzip, else none (q=0 refuses); `has` says which copies there are. */
export function chooseEncoding(
  accept: string | undefined,
  has: { br: boolean; gzip: boolean } = { br: true, gzip: true },
): 'br' | 'gzip' | null {
  const qOf = encodingQuality(accept);
  const br = has.br ? qOf('br') : 0;
  const gzip = has.gzip ? qOf('gzip') : 0;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The CSP sources ('sha256-…') of the page's inline scripts, as the browser hashes them (UTF-8 of the text). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

// The page's route name goes with it for the request metrics (server/pipeline/request-metrics.ts), which take it off.
const KEPT_HEADERS = new Set(['content-type', 'content-language', 'link', 'x-robots-tag', ROUTE_HEADER.toLowerCase()]);

/** The headers of a rendered answer worth keeping with its stored copy (Content-Type, Content-Language, …). */
export function keptHeaders(res: Response): [string, string][] {
  const headers: [string, string][] = [];
  res.headers.forEach((value, name) => {
    if (KEPT_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
  });
  return headers;
}

/** A rendered answer that may be stored: a 200 HTML page, not encoded yet, setting no cookie. */
export function storableHtml(res: Response): boolean {
  return (
    res.status === 200 &&
    !res.headers.has('set-cookie') &&
    !res.headers.has('content-encoding') &&
    (res.headers.get('content-type') ?? '').startsWith('text/html')
  );
}

/**
 * A rendered answer that may be stored for others to see: storable, and not one its render said must never be kept
 * (a staff member's preview of a draft campaign or of a hidden product). A visitor's own pages are no-store for the
 * browser and kept for that visitor alone (own-pages.ts), so this is not theirs.
 */
export function shareableHtml(res: Response): boolean {
  return storableHtml(res) && !/\bno-store\b/i.test(res.headers.get('cache-control') ?? '');
}

/**
 * The part of a shared page's key every visitor has: the origin (canonical links and structured data name it), the
 * path and the query without tracking parameters, age confirmed or not, a cart or not.
 */
export function sharedPageKey(origin: string, url: URL, cookies: Record<string, string>): string {
  return [
    `${origin}${url.pathname}${withoutTrackingParams(url.search)}`,
    cookies[AGE_COOKIE_NAME] === '1' ? 'age' : '-',
    cookies[CART_COOKIE] ? 'cart' : '-',
  ].join('|');
}

function answer(c: Context<AppEnv>, page: CachedPage, state: 'hit' | 'miss'): Response {
  const headers = new Headers(page.headers);
  headers.set('ETag', page.etag);
  // The browser revalidates every time (ETag → 304): the page may change with the catalogue at any moment.
  headers.set('Cache-Control', 'private, no-cache');
  headers.set('Vary', 'Accept-Encoding, Cookie');
  headers.set('X-Cache', state);
  c.set('cspScriptHashes', page.scriptHashes);
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && matchesEtag(ifNoneMatch, page.etag)) return new Response(null, { status: 304, headers });
  return encodedAnswer(c, headers, page);
}

/**
 * A stored page's 200 answer with `headers`, in the encoding the client takes of the copies there are (brotli when
 * stored and taken, else gzip), or unpacked for a client that takes neither; a HEAD's has no body.
 */
export function encodedAnswer(c: Context, headers: Headers, copies: { gzip: Buffer; br?: Buffer }): Response {
  const encoding = chooseEncoding(c.req.header('accept-encoding'), { br: copies.br !== undefined, gzip: true });
  const body = encoding === 'br' && copies.br ? copies.br : encoding === 'gzip' ? copies.gzip : gunzipSync(copies.gzip);
  if (encoding) headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(body.byteLength));
  const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
  return new Response(c.req.method === 'HEAD' ? null : bytes, { status: 200, headers });
}

/**
 * Concurrent misses for one key wait for the first one's render instead of rendering too. `pending` and `claim`
 * are synchronous: a caller checks and claims in one turn. `done` follows every claim, whether it settled or not.
 */
export function concurrentRenders<Page>() {
  const rendering = new Map<string, Promise<Page | null>>();
  return {
    pending: (key: string) => rendering.get(key),
    /** Claims the key's render; only a GET's (a HEAD's answer has no body to share). */
    claim(key: string, method: string) {
      let settle: (page: Page | null) => void = () => {};
      const mine = method === 'GET' && !rendering.has(key);
      if (mine)
        rendering.set(
          key,
          new Promise((resolve) => {
            settle = resolve;
          }),
        );
      return {
        settle: (page: Page | null) => settle(page),
        done() {
          settle(null);
          if (mine) rendering.delete(key);
        },
      };
    },
  };
}

/** Old Internet Explorer is sent to the unsupported-browser page (server/app.ts), never a cached one. */
export const OLD_IE = /MSIE \d|Trident\//;

/**
 * Serves and stores shared pages. It runs before the request's site context, visitor and limits are worked
 * out: a stored answer needs none of them (NOTE: so a cached search costs no search budget; a rendered one
 * does). `active()` is false while no change notifications can arrive (the LISTEN connection is not up):
 * then every page is rendered, as without the cache. `originOf` is the scheme and host pages are rendered for.
 */
export function pageCache(options: {
  store: PageStore;
  active: () => boolean;
  clock: Clock;
  ttlMs: number;
  originOf: (c: Context<AppEnv>) => string;
}) {
  const { store } = options;
  const renders = concurrentRenders<CachedPage>();
  return async (c: Context<AppEnv>, next: Next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || !options.active()) return next();
    const url = new URL(c.req.url);
    if (!isSharedPage(url.pathname, url.searchParams)) return next();
    const cookies = getCookie(c);
    if (cookies[SESSION_COOKIE] || cookies[REMEMBER_COOKIE] || OLD_IE.test(c.req.header('user-agent') ?? ''))
      return next();
    const key = sharedPageKey(options.originOf(c), url, cookies);
    // NOTE: no await unless a render is under way: the check and the claim below must happen in one turn.
    const pending = renders.pending(key);
    const cached = store.get(key) ?? (pending ? await pending : undefined);
    if (cached) {
      store.count(true);
      return answer(c, cached, 'hit');
    }
    store.count(false);
    const generation = store.generation();
    const claim = renders.claim(key, method);
    try {
      c.set('sharedRender', true);
      await next();
      claim.settle(await keep(c, key, generation));
    } finally {
      claim.done();
    }
  };

  /** Stores the rendered answer when it may be shared, and answers from the stored copy. */
  async function keep(c: Context<AppEnv>, key: string, generation: number): Promise<CachedPage | null> {
    const res = c.res;
    if (c.req.method !== 'GET' || !shareableHtml(res)) return null;
    const html = await answerBytes(res);
    if (!html) return null;
    const [gz, br] = await Promise.all([
      gzipAsync(html, { level: 9 }),
      brotliAsync(html, {
        params: {
          // Quality 6: 1 % more bytes than 9 for a sixth of its CPU time, paid at every cache fill (decision 027).
          [zlib.BROTLI_PARAM_QUALITY]: 6,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: html.byteLength,
        },
      }),
    ]);
    const page: CachedPage = {
      etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      gzip: gz,
      br,
      headers: keptHeaders(res),
      scriptHashes: inlineScriptHashes(html.toString('utf8')),
      bytes: gz.byteLength + br.byteLength + key.length + 512,
      expires: options.clock.now().getTime() + options.ttlMs,
    };
    store.set(key, page, generation);
    const fresh = answer(c, page, 'miss');
    // NOTE: Hono copies the replaced answer's headers over a new one; keep only those the new one lacks.
    res.headers.forEach((value, name) => {
      if (!fresh.headers.has(name) && !/^(content-length|content-encoding|transfer-encoding)$/i.test(name))
        fresh.headers.set(name, value);
    });
    replaceAnswer(c, fresh);
    return generation === store.generation() ? page : null;
  }
}

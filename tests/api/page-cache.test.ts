import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { systemClock } from '../../domain/clock';
import { type App, createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { findProduct } from '../../services/catalogue/catalogue';
import type { RequestContext } from '../../services/platform/request-context';
import { wholeAnswer } from '../../http/whole-answer';
import { anotherProcess, databaseWithWine, dropWithOthers, importWine, PRODUCT, until } from '../support/cached-pages';
import type { TestDatabase } from '../support/test-db';
import { createVisitor } from '../support/test-app';

// The rendered-page cache (server/page-cache.ts) through the whole middleware chain, with a stand-in page
// renderer that writes what the real pages do: the visitor's name, favourites and cart, a price, an inline script.
// It answers as app/entry.server.tsx does, with the page's bytes beside a Response without a body
// (services/whole-answer.ts); `?stream` answers with the page as the Response's own body instead.

let testDb: TestDatabase;
let renders = 0;
const apps: App[] = [];
const others: Database[] = [];

async function renderPage(request: Request, ctx: RequestContext): Promise<Response> {
  renders++;
  const url = new URL(request.url);
  const code = url.pathname.split('/').pop() || 'D0900';
  const product = await ctx.cache.get(`product:AUD:${code}`, () => findProduct(ctx.db, code, 'AUD'));
  // As app/root.tsx shows them: read with the login.
  const favourites = ctx.favourites;
  const script = `window.pageData=${JSON.stringify({ email: ctx.visitor.email })};`;
  const html = `<!doctype html><html><head><script nonce="${ctx.cspNonce}">${script}</script></head><body>
<p id="name">Hello ${ctx.visitor.firstName || 'guest'}</p><p id="favourites">favourites:${favourites.join(',')}</p>
<p id="cart">cart:${ctx.cookies.cart_id ? 'yes' : 'no'}</p><p id="price">price:${product?.skus[0]?.salePriceCents}</p>
<p>${'Wine. '.repeat(300)}</p></body></html>`;
  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8' };
  if (url.searchParams.has('setcookie')) headers['Set-Cookie'] = 'seen=1; Path=/';
  const status = Number(url.searchParams.get('status') ?? 200);
  if (url.searchParams.has('stream')) return new Response(html, { status, headers });
  return wholeAnswer(Buffer.from(html), (stream) => new Response(stream, { status, headers }));
}

function newApp(database: Database): App {
  const app = createApp({ database, config: testConfig(), renderPage });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  testDb = await databaseWithWine();
});
afterAll(() => dropWithOthers(testDb, others));

const host = 'law-au.localhost:3000';
async function get(app: App, path: string, headers: Record<string, string> = {}) {
  const res = await app.request(path, { headers: { host, ...headers } });
  return { res, text: await res.text(), cache: res.headers.get('x-cache') };
}

/** The change listener connects in the background; until it listens, pages are rendered as without the cache. */
async function untilCaching(app: App, path = '/about-us') {
  for (let i = 0; i < 100; i++) {
    if ((await get(app, path)).cache) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the page cache never started');
}

describe('the page cache', () => {
  let app: App;
  beforeAll(async () => {
    app = newApp(testDb.database);
    await untilCaching(app);
  });

  it('renders a Prospect page once: the second request is a hit with the same bytes, compressed as asked', async () => {
    const before = renders;
    const first = await get(app, PRODUCT);
    expect(first.res.status).toBe(200);
    expect(first.cache).toBe('miss');
    const second = await get(app, PRODUCT);
    expect(second.cache).toBe('hit');
    expect(second.text).toBe(first.text);
    expect(renders - before).toBe(1);
    const gz = await app.request(PRODUCT, { headers: { host, 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(first.text);
    const br = await app.request(PRODUCT, { headers: { host, 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')).toBe(first.text);
    const plain = await app.request(PRODUCT, { headers: { host } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(first.text);
  });

  it('a page rendered for this request (never stored) leaves gzipped whole when asked, plain otherwise', async () => {
    // ?status=404: an answer the cache never stores, so this is the page handler's own response.
    const path = '/wines?status=404';
    const plain = await app.request(path, { headers: { host } });
    expect(plain.headers.get('x-cache')).toBeNull();
    expect(plain.headers.get('content-encoding')).toBeNull();
    const html = await plain.text();
    expect(html).toContain('<p id="name">');
    const gz = await app.request(path, { headers: { host, 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.status).toBe(404);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(gz.headers.get('content-security-policy')).toMatch(/nonce-/);
    const withoutNonce = (page: string) => page.replace(/nonce="[^"]*"/g, '');
    expect(withoutNonce(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8'))).toBe(withoutNonce(html));
    const refused = await app.request(path, { headers: { host, 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it('a page whose bytes are its Response body (not beside it) is stored and answered the same way', async () => {
    const path = '/about-us?stream';
    const first = await get(app, path);
    expect(first.cache).toBe('miss');
    expect(first.text).toContain('<p id="name">Hello guest</p>');
    const second = await get(app, path);
    expect(second.cache).toBe('hit');
    expect(second.text).toBe(first.text);
    const rendered = await app.request('/wines?status=404&stream', { headers: { host, 'accept-encoding': 'gzip' } });
    expect(rendered.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await rendered.arrayBuffer())).toString('utf8')).toContain('<p id="name">');
  });

  it('a page that gets a cookie after it is rendered (an offer link) keeps its whole body', async () => {
    const res = await app.request('/offer?code=FRIEND-42', { headers: { host, 'accept-encoding': 'gzip' } });
    expect(res.headers.get('set-cookie')).toMatch(/referral_code=FRIEND-42/);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toContain('<p id="name">Hello guest</p>');
    const plain = await app.request('/offer?code=FRIEND-42', { headers: { host } });
    expect(await plain.text()).toContain('<p id="name">Hello guest</p>');
  });

  it('a page for a login that has ended clears its cookies, and shows the page as to a Prospect', async () => {
    const stale = `sid=${'A'.repeat(43)}; remember_me=${'B'.repeat(43)}`;
    const res = await app.request('/about-us', { headers: { host, cookie: stale } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBeNull();
    const cleared = res.headers.getSetCookie();
    expect(cleared.some((c) => /^sid=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(cleared.some((c) => /^remember_me=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(await res.text()).toContain('<p id="name">Hello guest</p>');
  });

  it('a HEAD request gets the headers of the page and no body', async () => {
    const res = await app.request('/wines?status=404', { method: 'HEAD', headers: { host } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe('');
  });

  it('concurrent first requests for one page share a single render', async () => {
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(app, '/contact-us')));
    expect(renders - before).toBe(1);
    expect(answers.map((a) => a.cache).sort()).toEqual(['hit', 'hit', 'hit', 'hit', 'miss']);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  });

  it('answers If-None-Match with 304 and no body; another tag gets the page', async () => {
    const { res } = await get(app, '/about-us');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = await get(app, '/about-us', { 'if-none-match': etag ?? '' });
    expect(revalidated.res.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.res.headers.get('etag')).toBe(etag);
    expect((await get(app, '/about-us', { 'if-none-match': 'W/"other"' })).res.status).toBe(200);
  });

  it('a cached page allows its inline script by hash, not by an old nonce, and keeps the security headers', async () => {
    const { res, text, cache } = await get(app, PRODUCT);
    expect(cache).toBe('hit');
    const script = /<script nonce="[^"]*">([\s\S]*?)<\/script>/.exec(text)?.[1] ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).not.toContain('nonce-');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('keys by the parameters that change a page, not by tracking ones; age and cart cookies are variants', async () => {
    await get(app, '/wines?name=red-wine&sort=price-asc');
    expect((await get(app, '/wines?utm_source=mail&name=red-wine&sort=price-asc&gclid=x')).cache).toBe('hit');
    expect((await get(app, '/wines?name=red-wine&sort=price-desc')).cache).toBe('miss');
    expect((await get(app, '/wines?name=red-wine&sort=price-asc&page=2')).cache).toBe('miss');
    expect((await get(app, '/wines?Ntt=shiraz')).cache).toBe('miss');
    expect((await get(app, '/wines?Ntt=merlot')).cache).toBe('miss');
    const aged = await get(app, '/wines?name=red-wine&sort=price-asc', { cookie: 'age_verified=1' });
    expect(aged.cache).toBe('miss');
    const carted = await get(app, '/wines?name=red-wine&sort=price-asc', { cookie: 'cart_id=abc' });
    expect(carted.cache).toBe('miss');
    expect(carted.text).toContain('cart:yes');
    expect((await get(app, '/wines?name=red-wine&sort=price-asc', { cookie: 'cart_id=other' })).text).toContain(
      'cart:yes',
    );
  });

  it('never stores previews, errors, answers that set a cookie, posts, or pages it does not know', async () => {
    for (const path of ['/campaign?name=winter-preview&preview=true', '/wines?status=404', '/wines?setcookie=1']) {
      await get(app, path);
      expect((await get(app, path)).cache, path).not.toBe('hit');
    }
    expect((await get(app, '/campaign?name=summer-reds')).cache).toBe('miss');
    expect((await get(app, '/campaign?name=summer-reds')).cache).toBe('hit');
    for (const path of ['/checkout', '/login']) expect((await get(app, path)).cache).toBeNull();
    // The cart page and the account overview are each visitor's own (own-pages.ts), never a shared Prospect page.
    for (const path of ['/cart', '/account']) expect((await get(app, path)).res.headers.get('etag')).toBeNull();
    const posted = await app.request('/', { method: 'POST', headers: { host, origin: `http://${host}` } });
    expect(posted.headers.get('x-cache')).toBeNull();
  });

  it('customer A, customer B and a Prospect in turn: each sees only their own name, favourites and cart', async () => {
    const a = createVisitor(() => app);
    const b = createVisitor(() => app);
    expect((await a.login('shopper@example.com')).status).toBe(200);
    expect((await b.login('planner@example.com')).status).toBe(200);
    expect((await a.call('PUT', '/api/user/favourites/D0900')).status).toBe(200);
    await a.add('D0001', 1);
    const page = async (v: ReturnType<typeof createVisitor> | null) => {
      const cookie = v ? [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ') : '';
      return get(app, PRODUCT, cookie ? { cookie } : {});
    };
    for (let round = 0; round < 2; round++) {
      const asA = await page(a);
      expect(asA.cache).toBeNull();
      expect(asA.text).toContain('Hello Olivia');
      expect(asA.text).toContain('shopper@example.com');
      expect(asA.text).toMatch(/favourites:[^<]*D0900/);
      expect(asA.text).toContain('cart:yes');
      expect(asA.res.headers.get('etag')).toBeNull();

      const asB = await page(b);
      expect(asB.cache).toBeNull();
      expect(asB.text).toContain('Hello Sophie');
      expect(asB.text).not.toContain('Olivia');
      expect(asB.text).not.toContain('shopper@example.com');
      expect(asB.text).not.toMatch(/favourites:[^<]*D0900/);
      expect(asB.text).toContain('cart:no');

      const asProspect = await page(null);
      expect(asProspect.cache).toMatch(/hit|miss/);
      expect(asProspect.text).toContain('Hello guest');
      for (const personal of ['Olivia', 'Sophie', 'shopper@', 'planner@', 'D0900,', 'cart:yes'])
        expect(asProspect.text).not.toContain(personal);
      expect(asProspect.text).toContain('favourites:<');
    }
    // A logged-in visitor's If-None-Match never gets the Prospect page's 304.
    const prospectTag = (await page(null)).res.headers.get('etag') ?? '';
    const cookie = [...a.jar].map(([k, val]) => `${k}=${val}`).join('; ');
    const revalidated = await get(app, PRODUCT, { cookie, 'if-none-match': prospectTag });
    expect(revalidated.res.status).toBe(200);
    expect(revalidated.text).toContain('Hello Olivia');
  });

  it('a price change (catalogue import) drops the cached page: the next view shows the new price', async () => {
    await get(app, PRODUCT);
    expect((await get(app, PRODUCT)).text).toContain('price:2799');
    await importWine(testDb.database.db, '25.49');
    await until(async () => (await get(app, PRODUCT)).text.includes('price:2549'), 'the new price');
    expect((await get(app, PRODUCT)).cache).toBe('hit');
  });

  it('a cached page is bounded: past the byte cap the least recently used go first', async () => {
    const { createPageStore } = await import('../../server/pipeline/page-cache');
    const store = createPageStore({ maxBytes: 3000, ttlMs: 60_000, clock: systemClock });
    const page = (bytes: number) => ({
      etag: 'W/"x"',
      gzip: Buffer.alloc(0),
      br: Buffer.alloc(0),
      headers: [],
      scriptHashes: [],
      bytes,
      expires: Date.now() + 60_000,
    });
    store.set('a', page(1000), 0);
    store.set('b', page(1000), 0);
    store.get('a');
    store.set('c', page(1500), 0);
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.get('c')).toBeDefined();
    expect(store.stats().bytes).toBe(2500);
    // A render that began before a change is not stored after it.
    const generation = store.generation();
    store.clear();
    store.set('d', page(10), generation);
    expect(store.get('d')).toBeUndefined();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, across processes', () => {
  it('a price change committed through one process drops the page another process cached (LISTEN/NOTIFY)', async () => {
    const second = newApp(await anotherProcess(testDb, others));
    await untilCaching(second);
    await get(second, PRODUCT);
    const cached = await get(second, PRODUCT);
    expect(cached.cache).toBe('hit');
    const price = /price:(\d+)/.exec(cached.text)?.[1];
    const next = price === '2299' ? '21.99' : '22.99';
    // The change goes through the first process's own connection pool.
    await importWine(testDb.database.db, next);
    await until(
      async () => (await get(second, PRODUCT)).text.includes(`price:${next.replace('.', '')}`),
      'the other process to drop its page',
    );
  });
});

import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context, Next } from 'hono';
import type { Clock } from '../../domain/clock';
import { VOUCHER_COOKIE } from '../../domain/offer-codes';
import { withoutTrackingParams } from '../../domain/tracking-params';
import { answerBytes, isWholeAnswer } from '../../http/whole-answer';
import { cartContextOf, visitorCartVersion } from '../../services/cart/cart';
import type { VisitorCache } from '../../services/identity/visitor-cache';
import { replaceAnswer } from './answer-header';
import {
  concurrentRenders,
  encodedAnswer,
  inlineScriptHashes,
  keptHeaders,
  OLD_IE,
  type PageStore,
  type StoredPage,
  sharedPageKey,
  storableHtml,
} from './page-cache';
import type { AppEnv } from '../types';

// A visitor's own pages (decision 039): the account overview and the cart page are all theirs, so no two visitors
// share them, but the same visitor asks for the same page again and again (back from a product, a reload, a second
// tab) while nothing on it changed. Each is kept as rendered, per visitor, for as long as all it shows stands: the
// customer's data (announced by the database, as for kept logins), the cart (its version, read with each request:
// one statement), the catalogue (a page change clears the store) and at most PAGE_TTL_MS (the clock's part).

const gzipAsync = promisify(gzip);

/** The pages kept per visitor. */
const OWN_PAGE_PATHS = new Set(['/account', '/cart']);

/** A stored own page: gzip only (it is served to one visitor, so brotli's extra cost would not be paid back). */
export interface OwnPage extends StoredPage {
  gzip: Buffer;
  headers: [string, string][];
  scriptHashes: string[];
  /** Whose data it shows (null: a Prospect's cart page, which shows only the cart). */
  customerId: number | null;
  /** The visitor cache's stamp when its render began: a change announced since then makes it stale. */
  since: number;
}

/**
 * A request an own page may answer: a GET or HEAD of the account overview or the cart page with no query of its own
 * (a reorder's notice is in the query) and no voucher link's code waiting to be applied.
 */
export function isOwnPage(method: string, url: URL, cookies: Record<string, string>): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    OWN_PAGE_PATHS.has(url.pathname) &&
    withoutTrackingParams(url.search) === '' &&
    !cookies[VOUCHER_COOKIE]
  );
}

function answer(c: Context<AppEnv>, page: OwnPage, state: 'hit' | 'miss'): Response {
  const headers = new Headers(page.headers);
  headers.set('Cache-Control', 'private, no-store');
  headers.set('Vary', 'Accept-Encoding, Cookie');
  headers.set('X-Cache', state);
  c.set('cspScriptHashes', page.scriptHashes);
  return encodedAnswer(c, headers, { gzip: page.gzip });
}

/** What an own page's key holds of the cart: the cart page's cart and its version; elsewhere a cart or not. */
async function cartPart(c: Context<AppEnv>, pathname: string): Promise<string> {
  const ctx = c.var.ctx;
  if (pathname !== '/cart') return ctx.cookies.cart_id ? 'cart' : '-';
  const cart = await visitorCartVersion(cartContextOf(ctx), ctx.cookies.cart_id);
  return cart ? `${cart.id}:${cart.version}` : '-';
}

/**
 * Serves a visitor's own pages from the store while what they show stands. Runs after the request's context is made
 * (the visitor is part of the key), like the segment pages. `active()` is false while the database's announcements
 * cannot arrive: then every page is rendered.
 */
export function ownPages(options: {
  store: PageStore<OwnPage>;
  active: () => boolean;
  visitors: VisitorCache;
  clock: Clock;
  ttlMs: number;
}) {
  const { store, visitors } = options;
  const renders = concurrentRenders<OwnPage>();
  const standing = (page: OwnPage | null | undefined): page is OwnPage =>
    page != null && (page.customerId === null || visitors.unchanged(page.customerId, page.since));
  return async (c: Context<AppEnv>, next: Next) => {
    const method = c.req.method;
    const ctx = c.var.ctx;
    const url = new URL(c.req.url);
    if (!options.active() || !isOwnPage(method, url, ctx.cookies)) return next();
    // An ended login's cookies are being cleared on this answer: it goes as rendered.
    if (c.res.headers.has('set-cookie') || OLD_IE.test(c.req.header('user-agent') ?? '')) return next();
    const { visitor } = ctx;
    const key = [
      sharedPageKey(ctx.origin, url, ctx.cookies),
      visitor.customerId ?? '-',
      visitor.tier,
      visitor.unlimitedStatus ?? '-',
      await cartPart(c, url.pathname),
    ].join('|');
    // NOTE: no await between the look-up and the claim below unless a render is under way (one turn).
    const pending = renders.pending(key);
    const cached = store.get(key) ?? (pending ? await pending : undefined);
    if (standing(cached)) {
      store.count(true);
      return answer(c, cached, 'hit');
    }
    store.count(false);
    const generation = store.generation();
    const since = visitors.stamp();
    const claim = renders.claim(key, method);
    try {
      await next();
      const res = c.res;
      if (method !== 'GET' || !isWholeAnswer(res) || !storableHtml(res)) return;
      const html = await answerBytes(res);
      if (!html) return;
      const page: OwnPage = {
        gzip: await gzipAsync(html),
        headers: keptHeaders(res),
        scriptHashes: inlineScriptHashes(html.toString('utf8')),
        customerId: visitor.customerId,
        since,
        bytes: 0,
        expires: options.clock.now().getTime() + options.ttlMs,
      };
      page.bytes = page.gzip.byteLength + key.length + 512;
      store.set(key, page, generation);
      claim.settle(generation === store.generation() && store.get(key) === page ? page : null);
      replaceAnswer(c, answer(c, page, 'miss'));
    } finally {
      claim.done();
    }
  };
}

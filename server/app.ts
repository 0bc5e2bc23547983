import { escapeHtml } from '../domain/html';
import path from 'node:path';
import { type I18n, setupI18n } from '@lingui/core';
import { serveStatic } from '@hono/node-server/serve-static';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { getCookie } from 'hono/cookie';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import pino, { type Logger } from 'pino';
import type { ServerBuild } from 'react-router';
import { createRequestHandler } from 'react-router';
import type { Database } from '../db/client';
import { scryptCost } from '../db/password-hash';
import type { BudgetLimits } from '../services/budgets';
import { countDeadJobs } from '../services/outbox';
import { type Clock, systemClock } from '../domain/clock';
import type { PaymentProvider } from '../domain/payment';
import { paymentProviderFor } from '../services/payment';
import { IMAGE_SIZES, type ImageSize } from '../domain/images';
import { drawPlaceholderSvg } from '../domain/product-art';
import { BRAND_CODES, COUNTRY_CODES, canonicalOrigin, resolveSiteFromHost, SITES } from '../domain/sites';
import { renderProductImage } from '../services/product-images';
import { createReadCache, type ReadCache } from '../services/read-cache';
import type { RequestContext } from '../services/request-context';
import { PROSPECT } from '../domain/identity-rules';
import { message, sentText } from '../domain/message';
import { REMEMBER_COOKIE, resolveVisitor, SESSION_COOKIE } from '../services/identity';
import { jsonApi } from './api';
import { formRoutes } from './api/authentication';
import type { Config } from './config';
import { clientErrorOf, fail, failWith } from './envelope';
import { compressWholeBodies } from './page-compression';
import { answerWith, setAnswerHeader } from './answer-header';
import { contentSecurity } from './content-security';
import { declaresNoBody, inputGuard } from './input-guard';
import { legacyRoutes } from './legacy';
import { createRateLimiter } from './rate-limit';
import { legacyAccountRoutes } from './legacy-account';
import { clearLoginCookie } from './session-cookies';
import { seoRoutes } from './seo';
import { createPageStore, type PageStore, pageCache } from './page-cache';
import { PAGE_CHANGES_CHANNEL } from '../services/page-changes';
import type { AppEnv } from './types';
import { API_TEXTS } from '../domain/api-texts';

export interface CreateAppOptions {
  database: Database;
  config: Config;
  clock?: Clock;
  /** Card payments; the built-in test provider by default (CONTRACT.md checkout). */
  payments?: PaymentProvider;
  logger?: Logger;
  /** The React Router server build; without it only the API and assets are served (API tests). */
  build?: ServerBuild;
  /** Pages rendered some other way than from a build: the dev server renders them through Vite. */
  renderPage?: (request: Request, ctx: RequestContext) => Promise<Response>;
  /** Folder of the built client assets, served as files; without it none are (the API tests, made before a build). */
  clientDir?: string;
  /** Catalogue read cache; defaults to 60 s entries. */
  cache?: ReadCache;
  /** The message catalogue of a locale; the page build's by default (tests without a build pass their own). */
  messagesFor?: (locale: string) => Promise<I18n>;
  /** Rendered Prospect pages (server/page-cache.ts); defaults to PAGE_CACHE_MB of 60 s entries. */
  pages?: PageStore;
}

/** Page-cache entries live at most this long: pages that change with the clock (campaign dates) follow within it. */
const PAGE_TTL_MS = 60_000;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The client's address. Behind TRUST_PROXY, X-Forwarded-For is read from the right: each of our
 * TRUST_PROXY_HOPS proxies appended the address it saw, so the entry that many places from the end is
 * the one the outermost of them saw. NOTE: entries left of it are whatever the client chose to send.
 */
function clientAddressOf(c: Context<AppEnv>, config: Pick<Config, 'TRUST_PROXY' | 'TRUST_PROXY_HOPS'>): string {
  if (config.TRUST_PROXY) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const seen = hops[Math.max(0, hops.length - config.TRUST_PROXY_HOPS)];
    if (seen) return seen;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return 'unknown';
  }
}

/** Scheme and host the visitor used (X-Forwarded-Proto only with TRUST_PROXY), e.g. http://vir-au.localhost:3000 */
function requestOrigin(c: Context<AppEnv>, config: Pick<Config, 'TRUST_PROXY'>): string {
  const url = new URL(c.req.url);
  const proto = config.TRUST_PROXY
    ? (c.req.header('x-forwarded-proto') ?? url.protocol.replace(':', ''))
    : url.protocol.replace(':', '');
  return `${proto}://${c.req.header('host') ?? url.host}`;
}

function isStaticPath(p: string): boolean {
  return (
    p.startsWith('/assets/') || p.startsWith('/images/') || p === '/favicon.svg' || p === '/healthz' || p === '/readyz'
  );
}

/** A page for answers that React Router does not render (server errors, throttled searches). Fixed texts only. */
function plainPage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${message}</p><p><a href="/">Back to the home page</a></p></main></body></html>`;
}

/** Searches, similar wines and suggestions: reads that cost the database real work. */
function isExpensiveRead(p: string, term: string | undefined): boolean {
  return (
    (p === '/wines' && term !== undefined) ||
    p.startsWith('/jsp/api/us/similar_wines_json.jsp') ||
    p.startsWith('/search/')
  );
}

const noStore = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  await next();
  setAnswerHeader(c, 'Cache-Control', 'no-store');
};

function isApiPath(p: string): boolean {
  return p.startsWith('/api/') || p === '/api' || p.startsWith('/jsp/api/');
}

let english: Promise<I18n> | undefined;
/** Without a page build: the English texts as written in the code (ICU placeholders still filled in). */
function sourceMessages(): Promise<I18n> {
  english ??= Promise.resolve(setupI18n({ locale: 'en-AU', messages: { 'en-AU': {} } }));
  return english;
}

export function createApp(options: CreateAppOptions) {
  const { database, config } = options;
  const clock = options.clock ?? systemClock;
  const passwordCost = scryptCost(config.PASSWORD_HASH_COST);
  const budgets: BudgetLimits = {
    paymentsPerAddress: config.PAYMENT_ATTEMPTS_PER_HOUR,
    paymentsPerCart: config.PAYMENT_ATTEMPTS_PER_HOUR_PER_CART,
    codesPerAddress: config.CODE_TRIES_PER_HOUR,
    codesPerCart: config.CODE_TRIES_PER_HOUR_PER_CART,
    signupsPerAddress: config.SIGNUPS_PER_HOUR,
  };
  const payments = options.payments ?? paymentProviderFor(database.db);
  // NOTE: the message catalogues are compiled by Vite into the page build, whose entry module hands them out.
  const messagesFor =
    options.messagesFor ??
    (options.build?.entry.module as { i18nFor?: (locale: string) => Promise<I18n> } | undefined)?.i18nFor ??
    sourceMessages;
  const log = options.logger ?? pino({ level: config.LOG_LEVEL });
  const cache = options.cache ?? createReadCache({ ttlMs: 60_000, maxEntries: 5_000, clock });
  const pages =
    options.pages ?? createPageStore({ maxBytes: config.PAGE_CACHE_MB * 1024 * 1024, ttlMs: PAGE_TTL_MS, clock });
  // A change to what pages show (catalogue or content import, price, stock, reviews), in this process or another,
  // drops the rendered pages and the catalogue data they were rendered from.
  const changes =
    config.PAGE_CACHE_MB > 0
      ? database.watch(PAGE_CHANGES_CHANNEL, () => {
          pages.clear();
          cache.clear();
        })
      : null;
  const app = new Hono<AppEnv>();

  app.use('*', requestId({ headerName: 'X-Request-Id' }));
  app.use('*', async (c, next) => {
    const started = performance.now();
    c.set('log', log.child({ requestId: c.var.requestId }));
    await next();
    if (log.isLevelEnabled('info')) {
      c.var.log.info(
        { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  });
  // NOTE: before secureHeaders, so its answer-time work (dropping X-Frame-Options where framing is allowed)
  // runs after secureHeaders has set its headers.
  app.use(
    '*',
    contentSecurity({ development: config.NODE_ENV === 'development', siteHosts: Object.keys(config.SITE_HOSTS) }),
  );
  app.use(
    '*',
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'SAMEORIGIN',
    }),
  );
  app.use('*', compress());
  app.use('*', compressWholeBodies());
  // Shared Prospect pages: a stored answer leaves here, with the security headers above and nothing below.
  app.use(
    '*',
    pageCache({
      store: pages,
      active: () => changes?.listening() ?? false,
      clock,
      ttlMs: PAGE_TTL_MS,
      originOf: (c) => requestOrigin(c, config),
    }),
  );

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await database.ping();
      // Jobs the outbox gave up on (emails, list calls): an operator's signal, not a reason to stop serving.
      return c.json({ status: 'ready', database: database.kind, outbox: { dead: await countDeadJobs(database.db) } });
    } catch {
      return c.json({ status: 'unavailable', database: database.kind }, 503);
    }
  });

  // The site of the request, and what every handler and loader needs about it.
  app.use('*', async (c, next) => {
    const resolved = resolveSiteFromHost(c.req.header('host'), {
      defaultSite: config.SITE,
      hosts: config.SITE_HOSTS,
      testHosts: config.TEST_HOSTS,
    });
    const cookies = getCookie(c);
    const ctx: RequestContext = {
      db: database.db,
      clock,
      site: resolved.site,
      isTestHost: resolved.isTestHost,
      requestId: c.var.requestId,
      origin: requestOrigin(c, config),
      cspNonce: c.var.cspNonce,
      siteOrigin: canonicalOrigin(resolved.site.id, { hosts: config.SITE_HOSTS, port: config.PORT }),
      cookies,
      cache,
      visitor: PROSPECT,
      favourites: [],
      sharedRender: c.var.sharedRender ?? false,
      payments,
      passwordCost,
      presellBottleLimit: config.PRESELL_MAX_BOTTLES,
      budgets,
      messages: () => messagesFor(resolved.site.intlLocale),
      clientAddress: clientAddressOf(c, config),
    };
    c.set('ctx', ctx);
    if (!isStaticPath(c.req.path) && (cookies[SESSION_COOKIE] || cookies[REMEMBER_COOKIE])) {
      const resolved = await resolveVisitor(database.db, clock, {
        session: cookies[SESSION_COOKIE],
        remember: cookies[REMEMBER_COOKIE],
      });
      ctx.visitor = resolved.visitor;
      ctx.favourites = resolved.favourites;
      // Cookies of a login that ended (logout elsewhere, idle limit) are dropped.
      if (resolved.stale.session) clearLoginCookie(c, SESSION_COOKIE);
      if (resolved.stale.remember) clearLoginCookie(c, REMEMBER_COOKIE);
    }
    await next();
  });

  // CSRF (CONTRACT.md): refuse state-changing requests that another site started.
  app.use('*', async (c, next) => {
    if (STATE_CHANGING.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      let foreign = fetchSite === 'cross-site';
      if (origin && origin !== 'null') {
        try {
          foreign ||= new URL(origin).host !== (c.req.header('host') ?? '');
        } catch {
          foreign = true;
        }
      } else if (origin === 'null') {
        foreign = true;
      }
      if (foreign) return fail(c, 403, /*i18n*/ 'This request came from another site and was refused.');
    }
    await next();
  });

  // One request body is at most BODY_LIMIT_BYTES (the JSON API and form posts need a few KB). A request that
  // declares no body passes by its headers, without hono's bodyLimit building the web Request to look.
  const limitBody = bodyLimit({
    maxSize: config.BODY_LIMIT_BYTES,
    onError: (c) =>
      failWith(
        c,
        413,
        message(/*i18n*/ 'The request is too large: at most {size} KB may be sent.', {
          size: Math.floor(config.BODY_LIMIT_BYTES / 1024),
        }),
      ),
  });
  app.use('*', (c, next) => (declaresNoBody(c) ? next() : limitBody(c, next)));

  // Text a visitor sends follows one rule (domain/text-input.ts) before any handler reads it.
  app.use(
    '*',
    inputGuard((p) => isApiPath(p) || p.startsWith('/search/')),
  );

  // Personal answers are never stored by the browser or a shared cache: every JSON API answer (a cart, an order, an
  // offer for the cart, the user's lists), and every page rendered for an identified visitor (its page data holds
  // the customer's email and name). Pages for a Prospect keep their own rule (private, revalidated: page-cache.ts).
  app.use('/api/*', noStore);
  app.use('/jsp/api/*', noStore);
  app.use('*', async (c, next) => {
    await next();
    const identified = c.var.ctx !== undefined && c.var.ctx.visitor.tier !== 'Prospect';
    if (identified && c.res.headers.get('content-type')?.startsWith('text/html'))
      setAnswerHeader(c, 'Cache-Control', 'no-store');
  });

  // Expensive anonymous reads have a per-address budget.
  const reads = createRateLimiter({ perMinute: config.READ_RATE_LIMIT });
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' && isExpensiveRead(c.req.path, c.req.query('Ntt'))) {
      if (!reads.take(c.var.ctx.clientAddress, clock.now().getTime())) {
        c.header('Retry-After', '60');
        const message = 'Too many searches from your address. Please wait a minute and try again.';
        if (c.req.path === '/wines') return c.html(plainPage('Please wait a minute', message), 429);
        return fail(c, 429, message);
      }
    }
    await next();
  });

  // Old Internet Explorer gets the unsupported-browser page (SPEC §2).
  app.use('*', async (c, next) => {
    const ua = c.req.header('user-agent') ?? '';
    if (
      c.req.method === 'GET' &&
      /MSIE \d|Trident\//.test(ua) &&
      !c.req.path.startsWith('/unsupported-browser') &&
      !isApiPath(c.req.path) &&
      !c.req.path.startsWith('/assets/')
    ) {
      return c.redirect('/unsupported-browser', 302);
    }
    await next();
  });

  app.route('/', jsonApi());
  app.all('/api/*', (c) => failWith(c, 404, API_TEXTS.noSuchCall));

  app.route('/', formRoutes);
  app.route('/', legacyRoutes);
  app.route('/', legacyAccountRoutes);
  app.route('/', seoRoutes);

  app.get('/images/products/:file', async (c) => {
    const match = /^(.+)-(small|thumbnail|large)\.svg$/.exec(c.req.param('file'));
    const svg = match ? await renderProductImage(c.var.ctx.db, match[1] ?? '', match[2] as ImageSize) : null;
    if (!svg) return c.text('Not found', 404, { 'Cache-Control': 'public, max-age=300' });
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    });
  });
  app.get('/images/placeholder/:file', (c) => {
    const match = /^([a-z]{3})-([a-z]{2})-(bottle|case)-(small|thumbnail|large)\.svg$/.exec(c.req.param('file'));
    const brand = match?.[1];
    if (
      !match ||
      !BRAND_CODES.includes(brand as never) ||
      !COUNTRY_CODES.includes(match[2] as never) ||
      !IMAGE_SIZES.includes(match[4] as ImageSize)
    ) {
      return c.text('Not found', 404);
    }
    const brandName = Object.values(SITES).find((s) => s.brand.code === brand)?.brand.name ?? 'Wine';
    return c.body(drawPlaceholderSvg(brandName, match[3] as 'bottle' | 'case', match[4] as ImageSize), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=604800',
    });
  });

  // Built files are served from the folder the caller names (server/serve.ts: the build's; the dev server: public/).
  const clientDir = options.clientDir;
  if (clientDir) {
    const staticRoot = path.relative(process.cwd(), clientDir) || '.';
    const serveBuilt = (cacheControl: string) =>
      serveStatic({
        root: staticRoot,
        // The build writes each script and stylesheet brotli- and gzip-compressed beside it (vite.config.ts).
        precompressed: true,
        onFound: (_p, c) => {
          c.header('Cache-Control', cacheControl);
        },
      });
    // Built assets carry a content hash in their names, so they never change.
    app.use('/assets/*', serveBuilt('public, max-age=31536000, immutable'));
    // NOTE: only names with an extension are looked for on disk: a page's path (no extension) costs no stat.
    const builtFile = serveBuilt('public, max-age=3600');
    app.use('*', (c, next) => (/\.[^/]+$/.test(c.req.path) ? builtFile(c, next) : next()));
  }

  if (options.build) {
    const build = options.build;
    const handler = createRequestHandler(build, config.NODE_ENV === 'development' ? 'development' : 'production');
    const entry = build.entry.module as unknown as {
      createLoadContext(ctx: RequestContext): Parameters<typeof handler>[1];
    };
    app.all('*', async (c) => answerWith(c, await handler(await unreadRequest(c), entry.createLoadContext(c.var.ctx))));
  }

  const renderPage = options.renderPage;
  if (!options.build && renderPage)
    app.all('*', async (c) => answerWith(c, await renderPage(await unreadRequest(c), c.var.ctx)));

  app.notFound((c) => (isApiPath(c.req.path) ? failWith(c, 404, API_TEXTS.noSuchCall) : c.text('Page not found', 404)));

  app.onError(async (error, c) => {
    const known = clientErrorOf(error);
    if (known && isApiPath(c.req.path)) return failWith(c, known.status, known.message);
    // A page that spent a budget (an /offer link's code) and found it used up says so, in the site's language.
    if (known?.status === 429) {
      const text = sentText(await c.var.ctx.messages(), known.message);
      return c.html(plainPage(escapeHtml(text), ''), 429, { 'Retry-After': '3600' });
    }
    (c.var.log ?? log).error({ err: error, path: c.req.path }, 'unhandled error');
    if (isApiPath(c.req.path)) return fail(c, 500, /*i18n*/ 'Something went wrong. Please try again later.');
    return c.html(plainPage('Something went wrong', 'Please try again later.'), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * The request as React Router must see it: the input guard has read a posted form's body already (Hono
 * keeps the bytes), so a post is rebuilt from those bytes; every other request goes as it came.
 */
async function unreadRequest(c: Context<AppEnv>): Promise<Request> {
  const raw = c.req.raw;
  if (!raw.bodyUsed) return raw;
  return new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    body: await c.req.arrayBuffer(),
    signal: raw.signal,
  });
}

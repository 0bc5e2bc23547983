import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { getCookie } from 'hono/cookie';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import pino, { type Logger } from 'pino';
import type { ServerBuild } from 'react-router';
import { createRequestHandler } from 'react-router';
import type { Database } from '../db/client';
import { type Clock, systemClock } from '../domain/clock';
import { IMAGE_SIZES, type ImageSize } from '../domain/images';
import { drawPlaceholderSvg } from '../domain/product-art';
import { BRAND_CODES, COUNTRY_CODES, resolveSiteFromHost, SITES } from '../domain/sites';
import { renderProductImage } from '../services/product-images';
import { createReadCache, type ReadCache } from '../services/read-cache';
import type { RequestContext } from '../services/request-context';
import { PROSPECT } from '../domain/identity-rules';
import { REMEMBER_COOKIE, resolveVisitor, SESSION_COOKIE } from '../services/identity';
import { jsonApi } from './api';
import { formRoutes } from './api/authentication';
import type { Config } from './config';
import { clientErrorOf, fail } from './envelope';
import { legacyRoutes } from './legacy';
import { legacyAccountRoutes } from './legacy-account';
import { clearLoginCookie } from './session-cookies';
import { seoRoutes } from './seo';
import type { AppEnv } from './types';

export interface CreateAppOptions {
  database: Database;
  config: Config;
  clock?: Clock;
  logger?: Logger;
  /** The React Router server build; without it only the API and assets are served (API tests). */
  build?: ServerBuild;
  /** Folder of the built client assets. */
  clientDir?: string;
  /** Catalogue read cache; defaults to 60 s entries. */
  cache?: ReadCache;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function clientAddressOf(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return 'unknown';
  }
}

function isStaticPath(p: string): boolean {
  return (
    p.startsWith('/assets/') || p.startsWith('/images/') || p === '/favicon.svg' || p === '/healthz' || p === '/readyz'
  );
}

function isApiPath(p: string): boolean {
  return p.startsWith('/api/') || p === '/api' || p.startsWith('/jsp/api/');
}

export function createApp(options: CreateAppOptions) {
  const { database, config } = options;
  const clock = options.clock ?? systemClock;
  const log = options.logger ?? pino({ level: config.LOG_LEVEL });
  const cache = options.cache ?? createReadCache({ ttlMs: 60_000, maxEntries: 5_000, clock });
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

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await database.ping();
      return c.json({ status: 'ready', database: database.kind });
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
    const url = new URL(c.req.url);
    const proto = config.TRUST_PROXY
      ? (c.req.header('x-forwarded-proto') ?? url.protocol.replace(':', ''))
      : url.protocol.replace(':', '');
    const cookies = getCookie(c);
    const ctx: RequestContext = {
      db: database.db,
      clock,
      site: resolved.site,
      isTestHost: resolved.isTestHost,
      requestId: c.var.requestId,
      origin: `${proto}://${c.req.header('host') ?? url.host}`,
      cookies,
      cache,
      visitor: PROSPECT,
      clientAddress: clientAddressOf(c, config.TRUST_PROXY),
    };
    c.set('ctx', ctx);
    if (!isStaticPath(c.req.path) && (cookies[SESSION_COOKIE] || cookies[REMEMBER_COOKIE])) {
      const resolved = await resolveVisitor(database.db, clock, {
        session: cookies[SESSION_COOKIE],
        remember: cookies[REMEMBER_COOKIE],
      });
      ctx.visitor = resolved.visitor;
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
      if (foreign) return fail(c, 403, 'This request came from another site and was refused.');
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
  app.all('/api/*', (c) => fail(c, 404, 'There is no such API call.'));

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

  const clientDir = options.clientDir ?? path.resolve('build/client');
  const staticRoot = path.relative(process.cwd(), clientDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root: staticRoot,
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use(
    '*',
    serveStatic({
      root: staticRoot,
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=3600');
      },
    }),
  );

  if (options.build) {
    const build = options.build;
    const handler = createRequestHandler(build, config.NODE_ENV === 'development' ? 'development' : 'production');
    const entry = build.entry.module as unknown as {
      createLoadContext(ctx: RequestContext): Parameters<typeof handler>[1];
    };
    app.all('*', (c) => handler(c.req.raw, entry.createLoadContext(c.var.ctx)));
  }

  app.notFound((c) =>
    isApiPath(c.req.path) ? fail(c, 404, 'There is no such API call.') : c.text('Page not found', 404),
  );

  app.onError((error, c) => {
    const known = isApiPath(c.req.path) ? clientErrorOf(error) : null;
    if (known) return fail(c, known.status, known.message);
    (c.var.log ?? log).error({ err: error, path: c.req.path }, 'unhandled error');
    if (isApiPath(c.req.path)) return fail(c, 500, 'Something went wrong. Please try again later.');
    return c.html(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>Please try again later.</p><p><a href="/">Back to the home page</a></p></main></body></html>',
      500,
    );
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

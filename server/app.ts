import { type I18n, setupI18n } from '@lingui/core';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import type { Logger } from 'pino';
import { createLogger } from './logger';
import type { ServerBuild } from 'react-router';
import type { Database } from '../db/client';
import { scryptCost } from '../db/password-hash';
import { API_TEXTS } from '../domain/api-texts';
import { type Clock, systemClock } from '../domain/clock';
import type { PaymentProvider } from '../domain/payment';
import type { BudgetLimits } from '../services/platform/budgets';
import { bothObservers } from '../services/platform/observer';
import { PAGE_CHANGES_CHANNEL } from '../services/platform/page-changes';
import { paymentProviderFor } from '../services/payments/provider';
import { createReadCache, type ReadCache } from '../services/platform/read-cache';
import type { RequestContext } from '../services/platform/request-context';
import { jsonApi } from './api';
import { formRoutes } from './api/authentication';
import { type Config, giftCardKeyOf, staffKeyOf } from './config';
import { failWith } from './envelope';
import { legacyRoutes } from './legacy';
import { legacyAccountRoutes } from './legacy-account';
import { limitBodies } from './pipeline/body-limit';
import { compressAnswers } from './pipeline/page-compression';
import { contentSecurity } from './pipeline/content-security';
import { consoleAnswers } from './pipeline/console';
import { consolePagesFromBuild } from './pipeline/console-pages';
import { refuseCrossSite } from './pipeline/csrf';
import { notFound, onError } from './pipeline/errors';
import { healthRoutes } from './pipeline/health';
import { imageRoutes } from './pipeline/images';
import { inputGuard } from './pipeline/input-guard';
import { personalAnswersNoStore } from './pipeline/no-store';
import { sendOldBrowsersAway } from './pipeline/old-browsers';
import { createPageStore, type PageStore, pageCache } from './pipeline/page-cache';
import { type OwnPage, ownPages } from './pipeline/own-pages';
import { type SegmentPage, segmentPages } from './pipeline/segment-pages';
import { createVisitorCache, VISITOR_CHANGES_CHANNEL } from '../services/identity/visitor-cache';
import { pagesFrom, pagesFromBuild } from './pipeline/pages';
import { isApiPath } from './pipeline/paths';
import { limitExpensiveReads } from './pipeline/read-limit';
import { requestContext, requestOrigin } from './pipeline/request-context';
import { requestLog } from './pipeline/request-log';
import { requestMetrics } from './pipeline/request-metrics';
import type { Metrics } from './metrics';
import type { Traces } from './traces';
import { securityHeaders } from './pipeline/security-headers';
import { builtAssets, builtFiles } from './pipeline/static-files';
import { seoRoutes } from './seo';
import type { AppEnv } from './types';
import { paymentWebhooks } from './webhooks';

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
  /** The operator console's React Router build (admin/, served under /admin); without it the console has no pages. */
  consoleBuild?: ServerBuild;
  /** The credential the server leaves in DATA_DIR for the operators' commands (server/local-operator.ts). */
  localOperatorToken?: string;
  /** The operators' metrics (server/metrics.ts), when METRICS_PORT turns them on. */
  metrics?: Metrics;
  /** The operators' traces (server/traces.ts), when an OTLP endpoint turns them on. */
  traces?: Traces;
  /** Whether the process is shutting down (server/serve.ts): then /readyz answers 503. */
  draining?: () => boolean;
  /** Folder of the console's built client assets (served under /admin/assets/). */
  consoleClientDir?: string;
  /** Folder of the built client assets, served as files; without it none are (the API tests, made before a build). */
  clientDir?: string;
  /** Catalogue read cache; defaults to 60 s entries. */
  cache?: ReadCache;
  /** The message catalogue of a locale; the page build's by default (tests without a build pass their own). */
  messagesFor?: (locale: string) => Promise<I18n>;
  /** Rendered Prospect pages (server/page-cache.ts); defaults to PAGE_CACHE_MB of 60 s entries. */
  pages?: PageStore;
  /** Pages shared by a segment of customers (server/pipeline/segment-pages.ts); defaults as `pages`. */
  segmentPages?: PageStore<SegmentPage>;
  /** A visitor's own pages (server/pipeline/own-pages.ts); defaults as `pages`. */
  ownPages?: PageStore<OwnPage>;
}

/** Page-cache entries live at most this long: pages that change with the clock (campaign dates) follow within it. */
const PAGE_TTL_MS = 60_000;

let english: Promise<I18n> | undefined;
/** Without a page build: the English texts as written in the code (ICU placeholders still filled in). */
function sourceMessages(): Promise<I18n> {
  english ??= Promise.resolve(setupI18n({ locale: 'en-AU', messages: { 'en-AU': {} } }));
  return english;
}

/**
 * The server: one Hono app whose pipeline reads top to bottom in the order a request meets it (docs/pipeline.md);
 * answers pass back up through the middleware that act after `next()`.
 */
export function createApp(options: CreateAppOptions) {
  const { database, config } = options;
  const clock = options.clock ?? systemClock;
  const budgets: BudgetLimits = {
    paymentsPerAddress: config.PAYMENT_ATTEMPTS_PER_HOUR,
    paymentsPerCart: config.PAYMENT_ATTEMPTS_PER_HOUR_PER_CART,
    codesPerAddress: config.CODE_TRIES_PER_HOUR,
    codesPerCart: config.CODE_TRIES_PER_HOUR_PER_CART,
    signupsPerAddress: config.SIGNUPS_PER_HOUR,
    contactsPerAddress: config.CONTACT_MESSAGES_PER_HOUR,
  };
  // NOTE: the message catalogues are compiled by Vite into the page build, whose entry module hands them out.
  const messagesFor =
    options.messagesFor ??
    (options.build?.entry.module as { i18nFor?: (locale: string) => Promise<I18n> } | undefined)?.i18nFor ??
    sourceMessages;
  const log = options.logger ?? createLogger({ level: config.LOG_LEVEL });
  const timed = (payments: PaymentProvider) => options.metrics?.timedPayments(payments) ?? payments;
  const payments = options.payments ?? paymentProviderFor(database.db, config);
  const cache = options.cache ?? createReadCache({ ttlMs: 60_000, maxEntries: 5_000, clock });
  const pages =
    options.pages ?? createPageStore({ maxBytes: config.PAGE_CACHE_MB * 1024 * 1024, ttlMs: PAGE_TTL_MS, clock });
  const segments =
    options.segmentPages ??
    createPageStore<SegmentPage>({ maxBytes: config.PAGE_CACHE_MB * 1024 * 1024, ttlMs: PAGE_TTL_MS, clock });
  const owned =
    options.ownPages ??
    createPageStore<OwnPage>({ maxBytes: config.PAGE_CACHE_MB * 1024 * 1024, ttlMs: PAGE_TTL_MS, clock });
  // A change to what pages show (catalogue or content import, price, stock, reviews), in this process or another,
  // drops the rendered pages and the catalogue data they were rendered from.
  const changes =
    config.PAGE_CACHE_MB > 0
      ? database.watch(PAGE_CHANGES_CHANNEL, () => {
          pages.clear();
          segments.clear();
          owned.clear();
          cache.clear();
        })
      : null;
  // The logins behind the shared customer pages, each customer's dropped when the database announces a change.
  const visitors = createVisitorCache({ maxEntries: 10_000 });
  const visitorChanges =
    config.PAGE_CACHE_MB > 0
      ? database.watch(VISITOR_CHANGES_CHANNEL, (payload) => {
          const customerId = Number(payload);
          if (payload && Number.isSafeInteger(customerId)) visitors.drop(customerId);
          else visitors.clear();
        })
      : null;

  const observer = bothObservers(options.metrics?.observer, options.traces?.observer);
  const app = new Hono<AppEnv>();
  // Outermost, so that every other step and its log lines fall within the request's span.
  if (options.traces) app.use('*', options.traces.requests);
  app.use('*', requestMetrics(options.metrics));
  app.use('*', requestId({ headerName: 'X-Request-Id' }));
  app.use('*', requestLog(log));
  // NOTE: before the security headers, so that its answer-time work (dropping X-Frame-Options where framing is
  // allowed) runs after they are set.
  app.use(
    '*',
    contentSecurity({ development: config.NODE_ENV === 'development', siteHosts: Object.keys(config.SITE_HOSTS) }),
  );
  app.use('*', securityHeaders());
  app.use('*', compressAnswers());
  // Shared Prospect pages: a stored answer leaves here, with the headers above and nothing below.
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
  // The build's scripts leave from memory here, with the headers above and nothing below.
  if (options.clientDir) app.use('/assets/*', builtAssets(options.clientDir));
  if (options.consoleClientDir)
    app.use('/admin/assets/*', builtAssets(options.consoleClientDir, 8 * 1024 * 1024, '/admin/assets/'));
  app.route('/', healthRoutes(database, options.draining));
  // Stripe's servers call with no session and no Origin, and sign the raw body: before all that reads either.
  app.route('/', paymentWebhooks({ db: database.db, payments: timed(payments), clock, log }));
  app.use(
    '*',
    requestContext({
      database,
      config,
      clock,
      cache,
      payments: timed(payments),
      ...(observer ? { observer } : {}),
      passwordCost: scryptCost(config.PASSWORD_HASH_COST),
      giftCardKey: giftCardKeyOf(config),
      staffKey: staffKeyOf(config),
      localOperatorToken: options.localOperatorToken,
      budgets,
      messagesFor,
      visitors: { cache: visitors, active: () => visitorChanges?.listening() ?? false },
    }),
  );
  app.use('*', consoleAnswers(config.ADMIN_HOSTS));
  app.use('*', refuseCrossSite());
  app.use('*', limitBodies(config.BODY_LIMIT_BYTES));
  // Text a visitor sends follows one rule (domain/text-input.ts) before any handler reads it.
  app.use(
    '*',
    inputGuard((p) => isApiPath(p) || p.startsWith('/search/')),
  );
  app.use('*', personalAnswersNoStore());
  // Shared pages of a segment of customers, filled in with each one's own part.
  app.use(
    '*',
    segmentPages({ store: segments, active: () => changes?.listening() ?? false, clock, ttlMs: PAGE_TTL_MS }),
  );
  // A visitor's own account overview and cart page, kept while all they show stands.
  app.use(
    '*',
    ownPages({
      store: owned,
      active: () => (changes?.listening() ?? false) && (visitorChanges?.listening() ?? false),
      visitors,
      clock,
      ttlMs: PAGE_TTL_MS,
    }),
  );
  app.use('*', limitExpensiveReads(config.READ_RATE_LIMIT, clock));
  app.use('*', sendOldBrowsersAway());

  app.route('/', jsonApi());
  app.all('/api/*', (c) => failWith(c, 404, API_TEXTS.noSuchCall));
  app.route('/', formRoutes);
  app.route('/', legacyRoutes);
  app.route('/', legacyAccountRoutes);
  app.route('/', seoRoutes);
  app.route('/', imageRoutes());
  if (options.consoleBuild) {
    const consolePages = consolePagesFromBuild(
      options.consoleBuild,
      config.NODE_ENV === 'development' ? 'development' : 'production',
    );
    // NOTE: the work queue's client-side data is `/admin.data`, beside the folder rather than in it.
    for (const path of ['/admin', '/admin.data', '/admin/*']) app.all(path, consolePages);
  }
  if (options.clientDir) app.use('*', builtFiles(options.clientDir));
  if (options.build)
    app.all('*', pagesFromBuild(options.build, config.NODE_ENV === 'development' ? 'development' : 'production'));
  else if (options.renderPage) app.all('*', pagesFrom(options.renderPage));

  app.notFound(notFound);
  app.onError(onError(log));
  return app;
}

export type App = ReturnType<typeof createApp>;

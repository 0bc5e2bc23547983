import { createHash, timingSafeEqual } from 'node:crypto';
import { supportEmailOf } from '../../domain/site-contacts';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { I18n } from '@lingui/core';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Database } from '../../db/client';
import type { Clock } from '../../domain/clock';
import { PROSPECT } from '../../domain/identity-rules';
import type { PaymentProvider } from '../../domain/payment';
import { canonicalOrigin, resolveSiteFromHost } from '../../domain/sites';
import type { BudgetLimits } from '../../services/platform/budgets';
import { REMEMBER_COOKIE, resolveVisitor, SESSION_COOKIE } from '../../services/identity/identity';
import type { ReadCache } from '../../services/platform/read-cache';
import type { RequestContext } from '../../services/platform/request-context';
import type { Config } from '../config';
import { clearLoginCookie } from '../session-cookies';
import { isLoopback } from '../local-operator';
import type { ShopObserver } from '../../services/platform/observer';
import type { AppEnv } from '../types';
import { isStaticPath } from './paths';
import { isOwnPage } from './own-pages';
import { mayShareWithCustomer } from './segment-pages';
import type { VisitorCache } from '../../services/identity/visitor-cache';

/** The operator API's check: the server's own credential, and the presented one equal to it (constant time, by hash). */
export function operatorAccess(
  configured: string | undefined,
  presented: string | undefined,
): 'off' | 'refused' | 'allowed' {
  if (!configured) return 'off';
  if (!presented) return 'refused';
  // Hashing first gives equal lengths, so the comparison takes the same time whatever was presented.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(configured), digest(presented)) ? 'allowed' : 'refused';
}

/**
 * The client's address. Behind TRUST_PROXY, X-Forwarded-For is read from the right: each of our
 * TRUST_PROXY_HOPS proxies appended the address it saw, so the entry that many places from the end is
 * the one the outermost of them saw. NOTE: entries left of it are whatever the client chose to send.
 */
export function clientAddressOf(c: Context<AppEnv>, config: Pick<Config, 'TRUST_PROXY' | 'TRUST_PROXY_HOPS'>): string {
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
export function requestOrigin(c: Context<AppEnv>, config: Pick<Config, 'TRUST_PROXY'>): string {
  const url = new URL(c.req.url);
  const proto = config.TRUST_PROXY
    ? (c.req.header('x-forwarded-proto') ?? url.protocol.replace(':', ''))
    : url.protocol.replace(':', '');
  return `${proto}://${c.req.header('host') ?? url.host}`;
}

/** What every request's context is made from: the process's parts, made once by createApp. */
export interface ContextParts {
  database: Database;
  config: Config;
  clock: Clock;
  cache: ReadCache;
  payments: PaymentProvider;
  observer?: ShopObserver;
  passwordCost: RequestContext['passwordCost'];
  giftCardKey: Buffer;
  staffKey: Buffer;
  /** The credential this server leaves in DATA_DIR for the operators' commands on this machine, if any. */
  localOperatorToken?: string | undefined;
  budgets: BudgetLimits;
  messagesFor: (locale: string) => Promise<I18n>;
  /** Kept logins, for the shared customer pages; `active` while the database's announcements arrive. */
  visitors: { cache: VisitorCache; active: () => boolean };
}

/**
 * The site of the request (from its Host), and what every handler and loader needs about it (`c.var.ctx`): the
 * database, clock, caches and budgets, and the visitor behind the login cookies, whose ended logins are cleared.
 */
export function requestContext(parts: ContextParts): MiddlewareHandler<AppEnv> {
  const { database, config, clock } = parts;
  return async (c, next) => {
    const resolved = resolveSiteFromHost(c.req.header('host'), {
      defaultSite: config.SITE,
      hosts: config.SITE_HOSTS,
      testHosts: config.TEST_HOSTS,
    });
    const cookies = getCookie(c);
    const clientAddress = clientAddressOf(c, config);
    const ctx: RequestContext = {
      db: database.db,
      clock,
      site: resolved.site,
      isTestHost: resolved.isTestHost,
      requestId: c.var.requestId,
      origin: requestOrigin(c, config),
      cspNonce: c.var.cspNonce,
      siteOrigin: canonicalOrigin(resolved.site.id, { hosts: config.SITE_HOSTS, port: config.PORT }),
      siteOriginOf: (siteId) => canonicalOrigin(siteId, { hosts: config.SITE_HOSTS, port: config.PORT }),
      cookies,
      cache: parts.cache,
      visitor: PROSPECT,
      favourites: [],
      sharedRender: c.var.sharedRender ?? false,
      pageFill: false,
      payments: parts.payments,
      ...(parts.observer ? { observer: parts.observer } : {}),
      passwordCost: parts.passwordCost,
      giftCardKey: parts.giftCardKey,
      staffKey: parts.staffKey,
      presellBottleLimit: config.PRESELL_MAX_BOTTLES,
      cancelWindowMinutes: config.ORDER_CANCEL_WINDOW_MINUTES,
      lowStockBottles: config.LOW_STOCK_BOTTLES,
      // The running server's own credential for the commands on this machine (server/local-operator.ts).
      operatorAccess: (presented) =>
        isLoopback(clientAddress) ? operatorAccess(parts.localOperatorToken, presented) : 'off',
      messagesFor: parts.messagesFor,
      customerServiceEmail: config.CUSTOMER_SERVICE_EMAIL || supportEmailOf(resolved.site.id),
      budgets: parts.budgets,
      messages: () => parts.messagesFor(resolved.site.intlLocale),
      clientAddress,
    };
    c.set('ctx', ctx);
    if (!isStaticPath(c.req.path) && (cookies[SESSION_COOKIE] || cookies[REMEMBER_COOKIE])) {
      const tokens = { session: cookies[SESSION_COOKIE], remember: cookies[REMEMBER_COOKIE] };
      // A shared customer page (segment-pages.ts) or an own page (own-pages.ts) takes a kept login; everything else
      // looks the login up.
      const url = new URL(c.req.url);
      const sharedPage =
        parts.visitors.active() &&
        (mayShareWithCustomer(c.req.method, url, cookies) || isOwnPage(c.req.method, url, cookies));
      const visitor = sharedPage
        ? await parts.visitors.cache.resolve(database.db, clock, tokens)
        : await resolveVisitor(database.db, clock, tokens);
      ctx.visitor = visitor.visitor;
      ctx.favourites = visitor.favourites;
      const customerId = visitor.visitor.customerId;
      if (sharedPage && customerId !== null)
        ctx.keptOfVisitor = (kind, load) => parts.visitors.cache.kept(kind, customerId, clock.now().getTime(), load);
      // Cookies of a login that ended (logout elsewhere, idle limit) are dropped.
      if (visitor.stale.session) clearLoginCookie(c, SESSION_COOKIE);
      if (visitor.stale.remember) clearLoginCookie(c, REMEMBER_COOKIE);
    }
    await next();
    // What a customer changes shows on their very next page here; other processes hear of it from the database.
    const changed = ctx.visitor.customerId;
    if (changed !== null && c.req.method !== 'GET' && c.req.method !== 'HEAD') parts.visitors.cache.drop(changed);
  };
}

import type { Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { i18nFor } from '../../app/lib/i18n';
import type { Database } from '../../db/client';
import { type App, type CreateAppOptions, createApp } from '../../server/app';
import { createMetrics, type Metrics } from '../../server/metrics';
import { testConfig } from '../../server/config';
import type { Clock } from '../../domain/clock';
import type { CartJson } from '../../services/cart/cart-json';
import type { toApiProduct } from '../../services/catalogue/catalogue';
import type { UpsellOffersResponse } from '../../services/offers/offers';
import type { UserItem } from '../../services/personal/lists';
import type { VoucherCookieOutcome } from '../../services/vouchers/vouchers';
import { anotherProcess, dropWithOthers } from './cached-pages';
import { createTestDatabase, type TestDatabase } from './test-db';

/** The API envelope (CONTRACT.md) with a payload of type T. */
export type Envelope<T> = { statusCode: number; statusMessage?: string; response: T };

/** The API envelope as tests read it; tests that look inside the payload name its type. */
/** The payload type of calls that do not name theirs yet (to be typed, then `unknown`). */
// biome-ignore lint/suspicious/noExplicitAny: some tests still read arbitrary payload fields without naming a type.
type Untyped = any;

export type Body<T = Untyped> = { statusCode: number; statusMessage?: string; response?: T };

/** One fresh database and app for the test file, dropped after it (the other processes' connections closed first). */
export function useTestApp(
  configOverrides: Partial<Record<string, string>> = {},
  options: {
    clock?: Clock;
    localOperatorToken?: string;
    metrics?: boolean;
    logger?: Logger;
    renderPage?: CreateAppOptions['renderPage'];
  } = {},
) {
  let testDb: TestDatabase | undefined;
  let app: App | undefined;
  let metrics: Metrics | undefined;
  const others: Database[] = [];
  // The sites' message catalogues as the page build has them (texts the server writes in the site's language).
  const appOn = (database: Database): App =>
    createApp({
      database,
      config: testConfig(configOverrides),
      messagesFor: i18nFor,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.localOperatorToken ? { localOperatorToken: options.localOperatorToken } : {}),
      ...(metrics ? { metrics } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.renderPage ? { renderPage: options.renderPage } : {}),
    });
  beforeAll(async () => {
    testDb = await createTestDatabase();
    if (options.metrics) metrics = createMetrics(testDb.database);
    app = appOn(testDb.database);
  });
  afterAll(() => dropWithOthers(testDb, others));
  const current = (): TestDatabase => {
    if (!testDb) throw new Error('useTestApp: the database exists only inside tests');
    return testDb;
  };
  return {
    get app(): App {
      if (!app) throw new Error('useTestApp: the app exists only inside tests');
      return app;
    },
    /** The app's metrics (with `metrics: true`). */
    get metrics(): Metrics {
      if (!metrics) throw new Error('useTestApp: metrics exist only with { metrics: true }, inside tests');
      return metrics;
    },
    get testDb(): TestDatabase {
      return current();
    },
    /** A new app over `database`, made as the file's app is (a restart, another process). */
    appOn,
    /** An app on a second connection to the test database, as another process has one (PostgreSQL only). */
    anotherProcess: async (): Promise<App> => appOn(await anotherProcess(current(), others)),
  };
}

/** A shopper with a cookie jar on one site, talking to the app in-process. */
export function createVisitor(getApp: () => App, site = 'law-au', options: { address?: string } = {}) {
  // A cookie jar: Set-Cookie adds or replaces, Max-Age=0 removes.
  const jar = new Map<string, string>();
  const call = async <T = Untyped>(
    method: string,
    path: string,
    body?: unknown,
    raw?: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; body: Envelope<T>; setCookie: string | null; headers: Headers }> => {
    const headers: Record<string, string> = { host: `${site}.localhost:3000`, ...extraHeaders };
    if (options.address) headers['x-forwarded-for'] = options.address;
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json';
    const res = await getApp().request(path, {
      method,
      headers,
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const text = await res.text();
    // A body that is not JSON has no payload; tests that read one then fail on it.
    let parsed: Envelope<T>;
    try {
      parsed = JSON.parse(text) as Envelope<T>;
    } catch {
      parsed = { statusCode: -1, statusMessage: text } as Envelope<T>;
    }
    return { status: res.status, body: parsed, setCookie: res.headers.get('set-cookie'), headers: res.headers };
  };
  return {
    call,
    cart: async (validate = false) =>
      (await call<CartListed>('GET', `/api/cart/list${validate ? '?validate=true' : ''}`)).body.response,
    add: (code: string, qty: number | string, set = false) =>
      call<CartJson>('PUT', `/api/cart/itemcode/${code}/${qty}${set ? '?method=set' : ''}`),
    login: (email: string, password = 'Vintage2026', extraHeaders: Record<string, string> = {}) =>
      call('POST', '/api/authentication/login', { email, password }, undefined, extraHeaders),
    register: (email: string, password: string, firstName = 'Ana', lastName = 'Lee') =>
      call('POST', '/api/authentication/register', { firstName, lastName, email, password }),
    logout: () => call('POST', '/api/authentication/logout'),
    /** The cart cookie header, as older tests read it. */
    get cookie() {
      const cart = jar.get('cart_id');
      return cart ? `cart_id=${cart}` : '';
    },
    jar,
  };
}

/** The API's product (SPEC §3 shape). */
export async function fetchProduct(app: App, code: string, site = 'law-au') {
  const res = await app.request(`/api/product/item/${code}`, { headers: { host: `${site}.localhost` } });
  return ((await res.json()) as Envelope<ApiProduct>).response;
}

/** Payload types of the API, as tests read them. */
/** GET /api/cart/list: the cart, with the outcome of a voucher cookie when there was one. */
export type CartListed = CartJson & { voucherCookieOutcome?: VoucherCookieOutcome };
export type CartLine = CartJson['lineItems'][number];
export type PricingPart = CartLine['itemPriceInfo']['pricingBreakdown'][number];
export type ApiProduct = ReturnType<typeof toApiProduct>;
export type UpsellOffers = UpsellOffersResponse['UpsellOffers'];
export type ListEntry = UserItem<Record<string, unknown>>;

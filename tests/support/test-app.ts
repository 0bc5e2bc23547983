import { afterAll, beforeAll } from 'vitest';
import { type App, createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { createTestDatabase, type TestDatabase } from './test-db';

/** The API envelope as tests read it. */
export type Body = { statusCode: number; statusMessage?: string; response?: any };

/** One fresh database and app for the test file, dropped after it. */
export function useTestApp() {
  let testDb: TestDatabase | undefined;
  let app: App | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    app = createApp({ database: testDb.database, config: testConfig() });
  });
  afterAll(async () => {
    await testDb?.drop();
  });
  return {
    get app(): App {
      if (!app) throw new Error('useTestApp: the app exists only inside tests');
      return app;
    },
    get testDb(): TestDatabase {
      if (!testDb) throw new Error('useTestApp: the database exists only inside tests');
      return testDb;
    },
  };
}

/** A shopper with a cookie jar on one site, talking to the app in-process. */
export function createVisitor(getApp: () => App, site = 'law-au') {
  let cookie = '';
  const call = async (method: string, path: string, body?: unknown, raw?: string): Promise<{ status: number; body: Body; setCookie: string | null }> => {
    const headers: Record<string, string> = { host: `${site}.localhost:3000` };
    if (cookie) headers.cookie = cookie;
    if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json';
    const res = await getApp().request(path, { method, headers, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
    const setCookie = res.headers.get('set-cookie');
    const match = setCookie?.match(/cart_id=([^;]+)/);
    if (match) cookie = `cart_id=${match[1]}`;
    return { status: res.status, body: (await res.json()) as Body, setCookie };
  };
  return {
    call,
    cart: async (validate = false) => (await call('GET', `/api/cart/list${validate ? '?validate=true' : ''}`)).body.response,
    add: (code: string, qty: number | string, set = false) => call('PUT', `/api/cart/itemcode/${code}/${qty}${set ? '?method=set' : ''}`),
    get cookie() {
      return cookie;
    },
  };
}

/** The API's product (SPEC §3 shape). */
export async function fetchProduct(app: App, code: string, site = 'law-au') {
  const res = await app.request(`/api/product/item/${code}`, { headers: { host: `${site}.localhost` } });
  return ((await res.json()) as Body).response;
}

import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { escapeHtml } from '../../domain/html';
import { VOUCHER_COOKIE } from '../../domain/offer-codes';
import { wholeAnswer } from '../../http/whole-answer';
import { type App, createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { cartContextOf, findVisitorCart, getCart } from '../../services/cart/cart';
import { getAccountDetails, listPurchases } from '../../services/identity/account';
import { pointsBalance } from '../../services/memberships/points';
import type { RequestContext } from '../../services/platform/request-context';
import { anotherProcess, databaseWithWine, dropWithOthers, importWine, until } from '../support/cached-pages';
import type { TestDatabase } from '../support/test-db';
import { createVisitor } from '../support/test-app';

// A visitor's own pages kept while what they show stands (server/pipeline/own-pages.ts, decision 039), through the
// whole middleware chain, with a stand-in renderer that reads what the real account overview and cart page read.

let testDb: TestDatabase;
let renders = 0;
const others: Database[] = [];

async function body(request: Request, ctx: RequestContext): Promise<string | null> {
  const { pathname } = new URL(request.url);
  const { visitor } = ctx;
  if (pathname === '/account') {
    const id = visitor.customerId;
    if (visitor.tier !== 'Hard Logged-In' || id === null) return null;
    const [details, orders, points] = await Promise.all([
      getAccountDetails(ctx.db, id),
      listPurchases(ctx.db, id),
      pointsBalance(ctx.db, id, 'vir'),
    ]);
    return `<p id="who">${escapeHtml(`${details.firstName} ${details.email}`)}</p>
<p id="verified">verified:${details.emailVerified}</p><p id="postcode">postcode:${details.defaultDeliveryAddress?.postalCode ?? '-'}</p>
<p id="latest">latest:${orders[0]?.orderNumber ?? '-'}:${orders[0]?.status ?? '-'}</p><p id="points">points:${points?.totalPoints ?? 0}</p>`;
  }
  const cart = cartContextOf(ctx);
  const model = await getCart(cart, await findVisitorCart(cart, ctx.cookies.cart_id), { validate: true });
  const lines = model.lines.map(
    (l) => `${l.itemCode}x${l.quantity}@${l.unitSaleCents}${l.validations.map((v) => `!${v.type}`).join('')}`,
  );
  return `<p id="who">${escapeHtml(visitor.email)}</p><p id="lines">lines:${lines.join(',')}</p>`;
}

async function renderPage(request: Request, ctx: RequestContext): Promise<Response> {
  renders++;
  const own = await body(request, ctx);
  if (own === null) return new Response(null, { status: 302, headers: { Location: '/login' } });
  const html = `<!doctype html><html><head><script nonce="${ctx.cspNonce}">window.pageData=${JSON.stringify({ email: ctx.visitor.email })};</script></head>
<body>${own}<p>${'Wine. '.repeat(300)}</p></body></html>`;
  return wholeAnswer(
    Buffer.from(html),
    (stream) =>
      new Response(stream, {
        status: 200,
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
      }),
  );
}

const newApp = (database: Database): App => createApp({ database, config: testConfig(), renderPage });

beforeAll(async () => {
  testDb = await databaseWithWine();
});
afterAll(() => dropWithOthers(testDb, others));

type Shopper = ReturnType<typeof createVisitor>;

async function page(app: App, path: string, who: Shopper, extraCookie = '') {
  const cookies = [...who.jar].map(([k, v]) => `${k}=${v}`);
  if (extraCookie) cookies.push(extraCookie);
  const res = await app.request(path, {
    headers: { host: 'law-au.localhost:3000', cookie: cookies.join('; '), 'accept-encoding': 'gzip' },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text =
    res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  return { res, text, cache: res.headers.get('x-cache') };
}

const lines = (text: string) => /lines:([^<]*)/.exec(text)?.[1];

async function loggedIn(app: App, email: string): Promise<Shopper> {
  const shopper = createVisitor(() => app);
  expect((await shopper.login(email)).status).toBe(200);
  return shopper;
}

/** The change listeners connect in the background; until they listen, every page is rendered. */
async function untilKept(app: App, who: Shopper, path = '/cart') {
  await until(async () => (await page(app, path, who)).cache !== null, 'the own pages to start');
}

describe('a visitor’s own pages', () => {
  let app: App;
  let olivia: Shopper;
  let jack: Shopper;
  const db = () => testDb.database.db;
  beforeAll(async () => {
    app = newApp(testDb.database);
    olivia = await loggedIn(app, 'shopper@example.com');
    jack = await loggedIn(app, 'outback@example.com');
    await untilKept(app, olivia, '/account');
  });

  it('the account overview is rendered once and served again while nothing changed; answers stay no-store', async () => {
    const first = await page(app, '/account', olivia);
    const before = renders;
    const again = await page(app, '/account', olivia);
    expect(again.cache).toBe('hit');
    expect(renders).toBe(before);
    expect(again.text).toBe(first.text);
    expect(again.text).toContain('Olivia shopper@example.com');
    expect(again.res.headers.get('cache-control')).toContain('no-store');
    expect(again.res.headers.get('content-security-policy')).toContain("'sha256-");
  });

  it('two customers never get each other’s page', async () => {
    await page(app, '/account', olivia);
    const his = await page(app, '/account', jack);
    const hers = await page(app, '/account', olivia);
    expect(his.text).toContain('Jack outback@example.com');
    expect(his.text).not.toContain('shopper@example.com');
    expect(hers.text).not.toContain('outback@example.com');
  });

  it('a change in the database to anything the overview shows is on the next page (any writer)', async () => {
    const id = sql`(select id from customers where email = 'outback@example.com')`;
    const now = () => page(app, '/account', jack);
    expect((await now()).cache).not.toBeNull();
    await db().execute(sql`update customers set first_name = 'Jackson' where id = ${id}`);
    await until(async () => (await now()).text.includes('Jackson outback@'), 'the new first name');
    await db().execute(sql`update customers set email_verified_at = null where id = ${id}`);
    await until(async () => (await now()).text.includes('verified:false'), 'the email no longer verified');
    await db().execute(sql`update customer_addresses set postcode = '2041' where customer_id = ${id}`);
    await until(async () => (await now()).text.includes('postcode:2041'), 'the new postcode');
    await db().execute(sql`insert into customer_points (customer_id, brand, base_points, bonus_points)
      values (${id}, 'vir', 40, 2) on conflict (customer_id, brand) do update set base_points = 40, bonus_points = 2`);
    await until(async () => (await now()).text.includes('points:42'), 'the points');
    const latest = /latest:([^:]+):/.exec((await now()).text)?.[1];
    expect(latest).not.toBe('-');
    await db().execute(sql`update orders set status = 'CANCELLED' where order_number = ${latest}`);
    await until(async () => (await now()).text.includes(`latest:${latest}:CANCELLED`), 'the order’s new status');
    await db().execute(sql`update customers set first_name = 'Jack', email_verified_at = now() where id = ${id}`);
  });

  it('a customer’s own change shows on their very next page, without waiting for the database', async () => {
    await page(app, '/account', olivia);
    expect((await page(app, '/account', olivia)).cache).toBe('hit');
    expect((await olivia.call('PUT', '/api/user/favourites/D0900')).status).toBe(200);
    expect((await page(app, '/account', olivia)).cache).toBe('miss');
    await olivia.call('DELETE', '/api/user/favourites/D0900');
  });

  it('after logging out, the old cookies get no stored page', async () => {
    const leaving = await loggedIn(app, 'planner@example.com');
    await page(app, '/account', leaving);
    expect((await page(app, '/account', leaving)).cache).toBe('hit');
    const cookies = new Map(leaving.jar);
    expect((await leaving.logout()).status).toBe(200);
    for (const [k, v] of cookies) leaving.jar.set(k, v);
    const after = await page(app, '/account', leaving);
    expect(after.res.status).toBe(302);
    expect(after.text).not.toContain('planner@example.com');
  });

  it('the cart page follows every change to the cart at once, for a guest and a customer', async () => {
    for (const shopper of [createVisitor(() => app), await loggedIn(app, 'planner@example.com')]) {
      expect((await shopper.add('D0900', 2)).status).toBe(200);
      expect(lines((await page(app, '/cart', shopper)).text)).toBe('D0900x2@2799');
      expect((await page(app, '/cart', shopper)).cache).toBe('hit');
      expect((await shopper.add('D0900', 5, true)).status).toBe(200);
      const changed = await page(app, '/cart', shopper);
      expect([changed.cache, lines(changed.text)]).toEqual(['miss', 'D0900x5@2799']);
      await shopper.call('DELETE', '/api/cart/itemcode/D0900');
      expect(lines((await page(app, '/cart', shopper)).text)).toBe('');
    }
  });

  it('another shopper’s cart page is their own', async () => {
    const one = createVisitor(() => app);
    const two = createVisitor(() => app);
    await one.add('D0900', 1);
    await two.add('D0900', 3);
    expect(lines((await page(app, '/cart', one)).text)).toBe('D0900x1@2799');
    expect(lines((await page(app, '/cart', two)).text)).toBe('D0900x3@2799');
    expect(lines((await page(app, '/cart', one)).text)).toBe('D0900x1@2799');
  });

  it('a cart changed through another app on the database shows on this one’s next page', async () => {
    const second = newApp(testDb.database);
    const guest = createVisitor(() => app);
    await guest.add('D0900', 1);
    await page(app, '/cart', guest);
    expect((await page(app, '/cart', guest)).cache).toBe('hit');
    const there = createVisitor(() => second);
    for (const [k, v] of guest.jar) there.jar.set(k, v);
    expect((await there.add('D0900', 4, true)).status).toBe(200);
    expect(lines((await page(app, '/cart', guest)).text)).toBe('D0900x4@2799');
  });

  it('a price change and a wine out of stock show on the next cart page', async () => {
    const guest = createVisitor(() => app);
    await guest.add('D0900', 1);
    await page(app, '/cart', guest);
    expect((await page(app, '/cart', guest)).cache).toBe('hit');
    await importWine(db(), '25.49');
    await until(async () => lines((await page(app, '/cart', guest)).text) === 'D0900x1@2549', 'the new price');
    await importWine(db(), '25.49', 0);
    await until(
      async () => lines((await page(app, '/cart', guest)).text) === 'D0900x1@2549!OUT_OF_STOCK',
      'the line out of stock',
    );
    await importWine(db(), '27.99');
    await until(async () => lines((await page(app, '/cart', guest)).text) === 'D0900x1@2799', 'the price back');
  });

  it('a voucher link’s code waiting, or a reorder’s notice, makes the cart page rendered for the visit', async () => {
    const guest = createVisitor(() => app);
    await guest.add('D0900', 1);
    await until(async () => (await page(app, '/cart', guest)).cache === 'hit', 'the kept cart page');
    expect((await page(app, '/cart', guest, `${VOUCHER_COOKIE}=SAVE10`)).cache).toBeNull();
    expect((await page(app, '/cart?reordered=1', guest)).cache).toBeNull();
    expect((await page(app, '/cart?utm_source=mail', guest)).cache).toBe('hit');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, across processes', () => {
  it('a cart change and a customer’s change through another process show on this one’s next page', async () => {
    const first = newApp(testDb.database);
    const other = await anotherProcess(testDb, others);
    const second = newApp(other);
    const shopper = await loggedIn(second, 'requested@example.com');
    await untilKept(first, shopper, '/account');
    await shopper.add('D0900', 1);
    await page(first, '/cart', shopper);
    expect((await page(first, '/cart', shopper)).cache).toBe('hit');
    expect((await shopper.add('D0900', 6, true)).status).toBe(200);
    expect(lines((await page(first, '/cart', shopper)).text)).toBe('D0900x6@2799');
    await page(first, '/account', shopper);
    expect((await page(first, '/account', shopper)).cache).toBe('hit');
    await other.db.execute(sql`update customers set first_name = 'Priyanka' where email = 'requested@example.com'`);
    await until(async () => (await page(first, '/account', shopper)).text.includes('Priyanka'), 'the new name');
  });
});

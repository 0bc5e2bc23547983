import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { DEMO_ACCOUNTS } from '../../db/demo/accounts';
import { systemClock } from '../../domain/clock';
import { wholeAnswer } from '../../http/whole-answer';
import { FIRST_NAME_SLOT, type PageFill, SCRIPT_COOKIE } from '../../domain/page-fill';
import { type App, createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { createPageStore, type PageStore } from '../../server/pipeline/page-cache';
import type { SegmentPage } from '../../server/pipeline/segment-pages';
import { gzipOf } from '../../server/pipeline/spliced-gzip';
import { findProduct } from '../../services/catalogue/catalogue';
import { writeQueuedViews } from '../../services/personal/product-views';
import type { RequestContext } from '../../services/platform/request-context';
import { anotherProcess, databaseWithWine, dropWithOthers, importWine, PRODUCT, until } from '../support/cached-pages';
import type { TestDatabase } from '../support/test-db';
import { createVisitor } from '../support/test-app';

// Pages shared by a segment of customers (server/pipeline/segment-pages.ts, decision 036), through the whole
// middleware chain, with a stand-in renderer that writes what the real pages do: the page data script with the
// visitor's email, the remembered visitor's first name in the text and in the router's data script, the tier and
// Unlimited status, the favourites, a price.

let testDb: TestDatabase;
let renders = 0;
const stored: SegmentPage[] = [];
const others: Database[] = [];

async function renderPage(_request: Request, ctx: RequestContext): Promise<Response> {
  renders++;
  const product = await ctx.cache.get('product:AUD:D0900', () => findProduct(ctx.db, 'D0900', 'AUD'));
  const { visitor } = ctx;
  const html = `<!doctype html><html><head><script nonce="${ctx.cspNonce}">window.pageData=${JSON.stringify({ email: visitor.email })};</script></head><body>
<p id="tier">${visitor.tier}</p><p id="member">member:${visitor.unlimitedStatus ?? 'none'}</p>
<p id="name">Welcome back, ${visitor.firstName}</p><p id="favourites">favourites:${ctx.favourites.join(',')}</p>
<p id="price">price:${product?.skus[0]?.salePriceCents}</p><p id="filled">${ctx.pageFill ? 'shared' : 'own'}</p>
<script nonce="${ctx.cspNonce}">window.routerData=${JSON.stringify({ firstName: visitor.firstName })};</script>
<p>${'Wine. '.repeat(300)}</p></body></html>`;
  return wholeAnswer(
    Buffer.from(html),
    (stream) => new Response(stream, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
  );
}

/** The segment store, keeping every page it is given (to read what was stored). */
function recordingStore(): PageStore<SegmentPage> {
  const store = createPageStore<SegmentPage>({ maxBytes: 8 * 1024 * 1024, ttlMs: 60_000, clock: systemClock });
  return {
    ...store,
    set(key, page, generation) {
      stored.push(page);
      store.set(key, page, generation);
    },
  };
}

function newApp(database: Database): App {
  return createApp({ database, config: testConfig(), renderPage, segmentPages: recordingStore() });
}

beforeAll(async () => {
  testDb = await databaseWithWine();
});
afterAll(() => dropWithOthers(testDb, others));

const host = 'law-au.localhost:3000';
type Shopper = ReturnType<typeof createVisitor>;

async function page(app: App, path: string, who: Shopper | null, scripts = true) {
  const cookies = who ? [...who.jar].map(([k, v]) => `${k}=${v}`) : [];
  if (scripts) cookies.push(`${SCRIPT_COOKIE}=1`);
  const res = await app.request(path, { headers: { host, cookie: cookies.join('; '), 'accept-encoding': 'gzip' } });
  const body = Buffer.from(await res.arrayBuffer());
  const text =
    res.headers.get('content-encoding') === 'gzip' ? gunzipSync(body).toString('utf8') : body.toString('utf8');
  const fill = /window\.__pageFill=(\{.*?\});/.exec(text)?.[1];
  return { res, text, cache: res.headers.get('x-cache'), fill: fill ? (JSON.parse(fill) as PageFill) : null };
}

/** The change listeners connect in the background; until they listen, pages are rendered for each visitor. */
async function untilShared(app: App, who: Shopper) {
  await until(async () => (await page(app, '/about-us', who)).cache !== null, 'the shared pages to start');
}

async function loggedIn(app: App, email: string): Promise<Shopper> {
  const shopper = createVisitor(() => app);
  expect((await shopper.login(email)).status).toBe(200);
  return shopper;
}

describe('pages shared by a segment of customers', () => {
  let app: App;
  let olivia: Shopper;
  let sophie: Shopper;
  beforeAll(async () => {
    app = newApp(testDb.database);
    olivia = await loggedIn(app, 'shopper@example.com');
    sophie = await loggedIn(app, 'planner@example.com');
    await untilShared(app, olivia);
  });

  it('two customers of one segment share one render; each answer carries only its own visitor', async () => {
    const before = renders;
    const first = await page(app, '/wines?name=red-wine', olivia);
    const second = await page(app, '/wines?name=red-wine', sophie);
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    expect(renders - before).toBe(1);
    expect(first.fill).toMatchObject({ email: 'shopper@example.com', firstName: 'Olivia' });
    expect(second.fill).toMatchObject({ email: 'planner@example.com', firstName: 'Sophie' });
    expect(first.fill?.favourites.length).toBeGreaterThan(0);
    expect(second.fill?.favourites).not.toEqual(first.fill?.favourites);
    for (const [mine, theirs] of [
      [first, ['planner@example.com', 'Sophie']],
      [second, ['shopper@example.com', 'Olivia']],
    ] as const) {
      for (const text of theirs) expect(mine.text).not.toContain(text);
      expect(mine.text).toContain('<p id="tier">Hard Logged-In</p>');
      expect(mine.text).toContain('<p id="filled">shared</p>');
      expect(mine.text).toContain('favourites:<');
      expect(mine.res.headers.get('cache-control')).toBe('no-store');
      // The filled-in script is allowed by its own hash; the stored page's scripts by theirs.
      expect(mine.res.headers.get('content-security-policy')).not.toMatch(/nonce-/);
    }
    // The page data script comes first, the fill right after it: the email is in place before any other script.
    expect(first.text.indexOf('window.__pageFill')).toBeLessThan(first.text.indexOf('window.routerData'));
  });

  it('concurrent first requests of one segment share a single render', async () => {
    const before = renders;
    const answers = await Promise.all(
      [olivia, sophie, olivia, sophie, olivia].map((who) => page(app, '/wines?name=white-wine', who)),
    );
    expect(renders - before).toBe(1);
    expect(answers.map((a) => a.fill?.email)).toEqual([
      'shopper@example.com',
      'planner@example.com',
      'shopper@example.com',
      'planner@example.com',
      'shopper@example.com',
    ]);
  });

  it('a stored page holds nothing of any demo customer: no email, no first name', async () => {
    for (const email of ['unlimited@example.com', 'requested@example.com', 'suspended@example.com']) {
      const member = await loggedIn(app, email);
      await page(app, '/wines?name=red-wine', member);
      await page(app, PRODUCT, member);
    }
    await page(app, PRODUCT, olivia);
    expect(stored.length).toBeGreaterThan(3);
    for (const kept of stored) {
      const html = gunzipSync(gzipOf(kept.parts)).toString('utf8');
      for (const account of DEMO_ACCOUNTS) {
        expect(html).not.toContain(account.email);
        expect(html).not.toContain(account.firstName);
      }
    }
  });

  it('Unlimited members, ACTIVE and REQUESTED, get their segment’s page, not a non-member’s', async () => {
    const active = await page(app, '/wines?name=red-wine', await loggedIn(app, 'unlimited@example.com'));
    const requested = await page(app, '/wines?name=red-wine', await loggedIn(app, 'requested@example.com'));
    expect(active.text).toContain('member:ACTIVE');
    expect(requested.text).toContain('member:REQUESTED');
    expect((await page(app, '/wines?name=red-wine', olivia)).text).toContain('member:none');
  });

  it('a remembered visitor’s first name fills its slot in the text, never inside a script', async () => {
    const remembered = await loggedIn(app, 'shopper@example.com');
    remembered.jar.delete('sid');
    const named = await page(app, '/about-us', remembered);
    expect(named.text).toContain('<p id="tier">Soft Logged-In</p>');
    expect(named.text).toContain('Welcome back, Olivia</p>');
    expect(named.text).toContain(`window.routerData={"firstName":"${FIRST_NAME_SLOT}"}`);
    expect(named.fill?.firstName).toBe('Olivia');
    const other = await loggedIn(app, 'planner@example.com');
    other.jar.delete('sid');
    const second = await page(app, '/about-us', other);
    expect(second.cache).toBe('hit');
    expect(second.text).toContain('Welcome back, Sophie</p>');
    expect(second.text).not.toContain('Olivia');
  });

  it('a first name is escaped as text: markup in it stays words', async () => {
    const shopper = createVisitor(() => app);
    const email = `markup-${Date.now()}@example.com`;
    expect((await shopper.register(email, 'Vintage2026!x', '<b>Ana</b> & "Co"', 'Lee')).status).toBe(200);
    shopper.jar.delete('sid');
    const answer = await page(app, '/about-us', shopper);
    expect(answer.text).toContain('Welcome back, &lt;b&gt;Ana&lt;/b&gt; &amp; &quot;Co&quot;</p>');
    expect(answer.text).not.toContain('<b>Ana</b>');
    expect(answer.fill?.firstName).toBe('<b>Ana</b> & "Co"');
  });

  it('without the script cookie (no scripts to fill it in) a customer’s page is rendered for them alone', async () => {
    const own = await page(app, '/wines?name=red-wine', olivia, false);
    expect(own.cache).toBeNull();
    expect(own.fill).toBeNull();
    expect(own.text).toContain('"email":"shopper@example.com"');
    expect(own.text).toContain('<p id="filled">own</p>');
    expect(own.text).toMatch(/favourites:[A-Z0-9]/);
  });

  it('a product page is the customer’s own where it shows them more than their segment’s; every view is recorded', async () => {
    const viewed = async (email: string, itemCode: string) => {
      await writeQueuedViews(testDb.database.db);
      const result = await testDb.database.db.execute(sql`select count(*)::int as n from recently_browsed r
        join customers c on c.id = r.customer_id where c.email = ${email} and r.item_code = ${itemCode}`);
      return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
    };
    // A wine Olivia has not bought: her segment's page, the view recorded.
    expect((await page(app, PRODUCT, olivia)).cache).not.toBeNull();
    expect(await viewed('shopper@example.com', 'D0900')).toBe(1);
    // D0001, which she bought: the review form is hers alone.
    const bought = await page(app, '/product/a-wine-she-bought/D0001', olivia);
    expect(bought.res.status).toBe(200);
    expect(bought.cache).toBeNull();
    expect(await viewed('shopper@example.com', 'D0001')).toBe(1);
    // Jack's delivery address (0870) is out of Unlimited's area: no join prompt, a page of his own.
    const jack = await loggedIn(app, 'outback@example.com');
    expect((await page(app, PRODUCT, jack)).cache).toBeNull();
    expect(await viewed('outback@example.com', 'D0900')).toBe(1);
  });

  it('an order or an address that changes whose product page it is shows on the next product page', async () => {
    const db = testDb.database.db;
    const sophieNow = async () => (await page(app, PRODUCT, sophie)).cache;
    expect(await sophieNow()).not.toBeNull();
    // Sophie buys D0900 (an order written by any process): its page now holds her review form.
    await db.execute(sql`with placed as (
        insert into orders (customer_id, site_id, order_number, status, currency, subtotal_cents, shipping_cents,
          total_cents, placed_at, email, idempotency_key)
        select id, 'law-au', 'TEST-0900', 'PROCESSING', 'AUD', 2799, 0, 2799, now(), email, 'segment-test-0900'
        from customers where email = 'planner@example.com' returning id)
      insert into order_lines (order_id, item_code, sku_item_code, name, quantity, bottle_count, unit_price_cents,
        line_total_cents)
      select id, 'D0900', 'D0900', 'Riverbend Estate Heathcote Shiraz', 1, 1, 2799, 2799 from placed`);
    await until(async () => (await sophieNow()) === null, 'the page of a wine she bought to be hers');
    await db.execute(sql`delete from orders where order_number = 'TEST-0900'`);
    await until(async () => (await sophieNow()) !== null, 'her segment’s page once the order is gone');
    // Jack's delivery address moves into Unlimited's area: his product page is his segment's again.
    const jack = await loggedIn(app, 'outback@example.com');
    expect((await page(app, PRODUCT, jack)).cache).toBeNull();
    await db.execute(sql`update customer_addresses set postcode = '2041'
      where customer_id = (select id from customers where email = 'outback@example.com')`);
    await until(async () => (await page(app, PRODUCT, jack)).cache !== null, 'the shared page after the move');
    await db.execute(sql`update customer_addresses set postcode = '0870'
      where customer_id = (select id from customers where email = 'outback@example.com')`);
    await until(async () => (await page(app, PRODUCT, jack)).cache === null, 'his own page again');
  });

  it('a favourite, added or removed, shows on the very next page', async () => {
    await page(app, '/', olivia);
    expect((await olivia.call('PUT', '/api/user/favourites/D0900')).status).toBe(200);
    expect((await page(app, '/', olivia)).fill?.favourites).toContain('D0900');
    expect((await olivia.call('PUT', '/api/user/favourites/delete/D0900')).status).toBe(200);
    expect((await page(app, '/', olivia)).fill?.favourites).not.toContain('D0900');
  });

  it('a membership changed in the database (any process, any way) shows on the next page', async () => {
    const jack = await loggedIn(app, 'outback@example.com');
    expect((await page(app, '/', jack)).text).toContain('member:none');
    const db = testDb.database.db;
    await db.execute(sql`insert into customer_subscriptions (customer_id, type, status, name, started_at)
      select id, 'FREESHIP', 'REQUESTED', 'Unlimited', now() from customers where email = 'outback@example.com'`);
    await until(async () => (await page(app, '/', jack)).text.includes('member:REQUESTED'), 'the member page');
    await db.execute(sql`delete from customer_subscriptions where type = 'FREESHIP'
      and customer_id = (select id from customers where email = 'outback@example.com')`);
    await until(async () => (await page(app, '/', jack)).text.includes('member:none'), 'the non-member page');
  });

  it('after logging out, the old cookies are a Prospect’s: the next page says nothing of the customer', async () => {
    const leaving = await loggedIn(app, 'shopper@example.com');
    const cookies = new Map(leaving.jar);
    expect((await page(app, '/', leaving)).fill?.email).toBe('shopper@example.com');
    expect((await leaving.logout()).status).toBe(200);
    leaving.jar.clear();
    for (const [k, v] of cookies) leaving.jar.set(k, v);
    const after = await page(app, '/', leaving);
    expect(after.fill).toBeNull();
    expect(after.text).not.toContain('shopper@example.com');
    expect(after.text).toContain('<p id="tier">Prospect</p>');
  });

  it('a price change (catalogue import) shows at once on the shared pages', async () => {
    await page(app, PRODUCT, olivia);
    expect((await page(app, PRODUCT, olivia)).text).toContain('price:2799');
    await importWine(testDb.database.db, '25.49');
    await until(async () => (await page(app, PRODUCT, olivia)).text.includes('price:2549'), 'the new price');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, across processes', () => {
  it('a favourite added through one process shows on the shared page of another', async () => {
    const first = newApp(testDb.database);
    const second = newApp(await anotherProcess(testDb, others));
    const shopper = await loggedIn(first, 'shopper@example.com');
    await untilShared(second, shopper);
    expect((await page(second, '/', shopper)).fill?.favourites).not.toContain('D0900');
    expect((await shopper.call('PUT', '/api/user/favourites/D0900')).status).toBe(200);
    await until(
      async () => Boolean((await page(second, '/', shopper)).fill?.favourites.includes('D0900')),
      'the other process to hear of the favourite',
    );
  });

  it('a price change committed through one process shows on the shared pages of another', async () => {
    const second = newApp(await anotherProcess(testDb, others));
    const shopper = await loggedIn(second, 'planner@example.com');
    await untilShared(second, shopper);
    await page(second, PRODUCT, shopper);
    const cached = await page(second, PRODUCT, shopper);
    expect(cached.cache).toBe('hit');
    const price = /price:(\d+)/.exec(cached.text)?.[1];
    const next = price === '2199' ? '20.99' : '21.99';
    await importWine(testDb.database.db, next);
    await until(
      async () => (await page(second, PRODUCT, shopper)).text.includes(`price:${next.replace('.', '')}`),
      'the other process to drop its shared page',
    );
  });
});

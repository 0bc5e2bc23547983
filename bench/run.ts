import { fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_PATH, CHROMIUM_ARGS } from '../tests/support/chromium';
import { serverCpuMillis, serverStatementCount, startServer } from './server';

// npm run bench: throughput and latency of the main pages and the product API on the production
// build, then a Lighthouse mobile run of the product page. Prints figures; asserts nothing.

const PORT = Number(process.env.BENCH_PORT ?? 3290);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** BENCH_ONLY=add's run before the measured ones, on carts of its own: the server's code compiled, its pool open. */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP ?? 10);
// PAGE_CACHE_MB=0 in the environment turns the server's page cache off (the figures without it).
const HOST = 'law-au.localhost';
const BASE = `http://127.0.0.1:${PORT}`;

/** ` (aim ≥ N: met|MISSED)` after a figure (the aims in docs/benchmarks.md), or nothing when the row has none. */
function besideAim(reqPerSecond: number, aim: number | undefined): string {
  if (aim === undefined) return '';
  return `   (aim ≥ ${aim}: ${reqPerSecond >= aim ? 'met' : 'MISSED'})`;
}

const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
/** The throughput aim (req/s, docs/benchmarks.md) of add to cart; the pages' aims are ratios (customerAgainstProspect). */
const AIMS = { addToCart: ON_POSTGRES ? 800 : 600 };

/**
 * `   cpu 1.23 ms/req`: the server's CPU time over a run (from `cpuBefore`, its CPU time when the run began), per
 * answered request; nothing where /proc cannot tell.
 */
function cpuPerRequest(cpuBefore: number | null, answered: number): string {
  const cpuAfter = serverCpuMillis(server);
  if (cpuBefore === null || cpuAfter === null || answered === 0) return '';
  return `   cpu ${((cpuAfter - cpuBefore) / answered).toFixed(2)} ms/req`;
}

async function cannon(title: string, path: string, cookie = '', base = BASE, aim?: number): Promise<number> {
  const cookies = ['age_verified=1', cookie].filter(Boolean).join('; ');
  // Warm up caches and JIT before measuring.
  await autocannon({ url: base + path, connections: 4, duration: 2, headers: { host: HOST, cookie: cookies } });
  // The server's CPU time, when the run is against it (not the static replay).
  const cpuBefore = base === BASE ? serverCpuMillis(server) : null;
  const result = await autocannon({
    url: base + path,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { host: HOST, cookie: cookies, 'accept-encoding': 'gzip' },
  });
  const errors = result.errors + result.non2xx;
  console.log(
    `${title.padEnd(22)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms${cpuPerRequest(cpuBefore, result.requests.total)}${errors ? `   (${errors} errors/non-2xx)` : ''}${besideAim(result.requests.average, aim)}`,
  );
  return result.requests.average;
}

/**
 * The product page as a Prospect gets it (age confirmed, gzip) against the static ceiling: the same bytes and
 * headers replayed by a plain Node HTTP server in a process of its own. The aim is at least 0.25 of the ceiling.
 */
async function productAgainstStatic(pagePath: string) {
  const recorded = await new Promise<{ headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: PORT,
        path: pagePath,
        headers: { host: HOST, cookie: 'age_verified=1', 'accept-encoding': 'gzip' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (typeof value === 'string' && !['connection', 'keep-alive', 'date'].includes(name))
              headers[name] = value;
          resolve({ headers, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-replay-'));
  const file = path.join(dir, 'page.json');
  writeFileSync(file, JSON.stringify({ headers: recorded.headers, body: recorded.body.toString('base64') }));
  const replay = fork('bench/static-replay.ts', [file, String(PORT + 1)], { execArgv: ['--import', 'tsx'] });
  try {
    await new Promise<void>((resolve, reject) => {
      replay.once('message', () => resolve());
      replay.once('exit', () => reject(new Error('the static replay server stopped')));
    });
    const page = await cannon('product page (Prospect)', pagePath);
    const ceiling = await cannon('  static replay', pagePath, '', `http://127.0.0.1:${PORT + 1}`);
    console.log(
      `  ${(page / ceiling).toFixed(2)} of the static ceiling (aim ≥ 0.25; ${recorded.body.byteLength} bytes ${recorded.headers['content-encoding'] ?? 'uncompressed'}, X-Cache ${recorded.headers['x-cache'] ?? 'none'})`,
    );
  } finally {
    replay.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A fresh cart (its cookie) holding the given items; with `login`, the logged-in customer's. */
async function makeCart(items: [string, number][], login = ''): Promise<string> {
  let cookie = '';
  for (const [code, qty] of items) {
    const cookies = [login, cookie].filter(Boolean).join('; ');
    const res = await fetch(`${BASE}/api/cart/itemcode/${code}/${qty}`, {
      method: 'PUT',
      headers: { host: HOST, ...(cookies ? { cookie: cookies } : {}) },
    });
    const set = res.headers.get('set-cookie')?.match(/cart_id=[^;]+/)?.[0];
    if (set) cookie = set;
    await res.arrayBuffer();
  }
  return cookie;
}

/** The bottles in a cart (by its cookie). */
async function bottlesInCart(cookie: string): Promise<number> {
  const res = await fetch(`${BASE}/api/cart/list`, { headers: { host: HOST, cookie } });
  const body = (await res.json()) as { response: { lineItems: { quantity: number }[] } };
  return body.response.lineItems.reduce((sum, line) => sum + line.quantity, 0);
}

/** Puts the WELCOME20 voucher on a cart (by its cookie), so its pages and changes price the discount. */
async function applyVoucher(cookie: string): Promise<string> {
  const res = await fetch(`${BASE}/api/cart/voucher/WELCOME20`, { method: 'PUT', headers: { host: HOST, cookie } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`PUT /api/cart/voucher/WELCOME20 answered ${res.status}`);
  return cookie;
}

/** The login cookies (sid + remember_me) of a demo customer. */
async function logInCookies(email: string): Promise<string> {
  const res = await fetch(`${BASE}/api/authentication/login`, {
    method: 'POST',
    headers: { host: HOST, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Vintage2026' }),
  });
  await res.arrayBuffer();
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => /^(sid|remember_me)=/.test(c ?? ''))
    .join('; ');
}

/**
 * Add-to-cart throughput: every connection adds to its own cart (the cart's row lock never contends).
 * With `voucher`, every cart carries WELCOME20, so each add re-prices the order discount.
 */
async function cannonAddToCart(options: { voucher?: boolean; warmUp?: boolean } = {}) {
  const cookies = await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const cookie = await makeCart([['D0002', 1]]);
      return options.voucher ? applyVoucher(cookie) : cookie;
    }),
  );
  let next = 0;
  const cpuBefore = serverCpuMillis(server);
  const statementsBefore = await serverStatementCount(server);
  // Cycling through a dozen wines keeps every line under the 99 cap for the whole run.
  const codes = [
    'D0001',
    'D0002',
    'D0003',
    'G0001',
    'M0001',
    'W00001',
    'W00002',
    'W00003',
    'W00004',
    'W00005',
    'W00006',
    'W00007',
    'W00008',
  ];
  const requestsWith = (cookie: string) =>
    codes.map((code) => ({
      method: 'PUT' as const,
      path: `/api/cart/itemcode/${code}/1`,
      // As a browser sends it: the answer (the whole cart) is compressed when it is 1 KB or more.
      headers: { host: HOST, cookie, 'accept-encoding': 'gzip' },
    }));
  const result = await autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration: options.warmUp ? WARM_UP_SECONDS : DURATION,
    headers: { host: HOST },
    requests: requestsWith(cookies[0]!),
    // NOTE: each connection gets requests of its own that carry its cart's cookie. autocannon's `setHeaders`
    // changes only a connection's first request (the others went without a cookie, so nearly every "add"
    // made a new cart), and the `requests` objects are shared by all connections.
    setupClient: (client: { setRequests(r: ReturnType<typeof requestsWith>): void }) => {
      client.setRequests(requestsWith(cookies[next++ % cookies.length]!));
    },
  } as autocannon.Options);
  const cpu = cpuPerRequest(cpuBefore, result.requests.total);
  const statements = (await serverStatementCount(server)) - statementsBefore;
  if (options.warmUp) return;
  const errors = result.errors + result.non2xx;
  // Every answered add must have landed in its connection's own cart: the bottles in the carts, less the one
  // each started with, are at least the answers (an add in flight when the run stopped may land uncounted).
  const added = (await Promise.all(cookies.map(bottlesInCart))).reduce((sum, n) => sum + n - 1, 0);
  const lost = result.requests.total - errors - added;
  console.log(
    `${(options.voucher ? 'add to cart (voucher)' : 'add to cart (PUT)').padEnd(22)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms${cpu}   ${result.requests.total ? (statements / result.requests.total).toFixed(1) : '–'} statements/add${errors ? `   (${errors} errors/non-2xx)` : ''}${lost > 0 ? `   (${lost} adds missing from their carts: NOT MEASURED)` : ''}${options.voucher ? '' : besideAim(result.requests.average, AIMS.addToCart)}`,
  );
}

/**
 * One Lighthouse mobile run of a page (simulated throttling, as PageSpeed does): the four category scores, LCP, CLS,
 * TBT and the JavaScript it transferred. The aims: performance 100, LCP under 1.5 s, CLS 0, TBT under
 * 50 ms, on every run.
 */
async function runLighthouse(label: string, url: string, cookie = '') {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      extraHeaders: { Cookie: ['age_verified=1', cookie].filter(Boolean).join('; ') },
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const items =
      (
        lhr.audits['network-requests']?.details as
          | { items?: { url: string; transferSize?: number; resourceType?: string }[] }
          | undefined
      )?.items ?? [];
    const jsBytes = items.filter((i) => i.resourceType === 'Script').reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
    console.log(
      `Lighthouse (mobile) ${label.padEnd(13)} performance ${String(score('performance')).padStart(3)} (aim 100), accessibility ${score('accessibility')}, best practices ${score('best-practices')}, SEO ${score('seo')}`,
    );
    console.log(
      `  FCP ${Math.round(audit('first-contentful-paint'))} ms, LCP ${Math.round(audit('largest-contentful-paint'))} ms (aim < 1500), CLS ${audit('cumulative-layout-shift').toFixed(3)} (aim 0), TBT ${Math.round(audit('total-blocking-time'))} ms (aim < 50), JS ${(jsBytes / 1024).toFixed(1)} KB transferred (as sent, headers included)`,
    );
    const failing = Object.values(lhr.audits).filter(
      (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary',
    );
    if (failing.length) console.log(`  failing audits: ${failing.map((a) => a.id).join(', ')}`);
    // NOTE: simulated throttling multiplies the main thread's tasks as this machine ran them, so TBT follows the
    // host's speed; Lighthouse's own measure of it tells runs on different machines (or a busy one) apart.
    console.log(
      `  host benchmark index ${Math.round(lhr.environment.benchmarkIndex)} (Lighthouse's CPU measure of this machine)`,
    );
    // The LCP insight's details list its phases, then the element (a node item with its markup).
    const lcpItems =
      (lhr.audits['lcp-breakdown-insight']?.details as { items?: { type?: string; snippet?: string }[] } | undefined)
        ?.items ?? [];
    const lcpElement = lcpItems.find((item) => item.type === 'node')?.snippet;
    if (lcpElement) console.log(`  LCP element: ${lcpElement.slice(0, 160)}`);
    if (process.env.BENCH_LIGHTHOUSE_DIR) {
      mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
      const file = path.join(process.env.BENCH_LIGHTHOUSE_DIR, `${label.replaceAll(' ', '-')}-${Date.now()}.json`);
      writeFileSync(file, JSON.stringify(lhr));
      console.log(`  report: ${file}`);
    }
  } finally {
    chrome.kill();
  }
}

/** The cart the cart-page figures use: five lines of every kind (bottles, a pack, a mixed case, a magnum, pre-sell). */
const FIVE_LINES: [string, number][] = [
  ['D0001', 3],
  ['D0002-6', 1],
  ['M0001', 1],
  ['G0001', 2],
  ['P0001', 1],
];

/** Lighthouse on the product, home, category and cart pages (a Prospect's, the cart with five lines). */
async function lighthousePages(productPath: string) {
  if (!existsSync(CHROME_PATH)) {
    console.log(`Lighthouse skipped: no Chromium at ${CHROME_PATH}`);
    return;
  }
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
  const cartCookie = await makeCart(FIVE_LINES);
  // BENCH_LIGHTHOUSE_PAGES=cart,home: only those pages.
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
  const pages: [string, string, string?][] = [
    ['product', productPath],
    ['home', '/'],
    ['category', '/wines?name=red-wine'],
    ['cart', '/cart', cartCookie],
  ];
  for (let run = 0; run < runs; run++) {
    for (const [name, pagePath, cookie] of pages) {
      if (!only || only.includes(name))
        await runLighthouse(`${name} page`, `http://${HOST}:${PORT}${pagePath}`, cookie);
    }
  }
}

/** `  0.62 of the Prospect's (aim ≥ 0.5: met)`: a customer's figure against the Prospect's, beside its aim. */
function ratioLine(label: string, customer: number, prospect: number, aim: number, of = "the Prospect's"): void {
  const ratio = prospect > 0 ? customer / prospect : 0;
  console.log(`  ${label}: ${ratio.toFixed(2)} of ${of} (aim ≥ ${aim}: ${ratio >= aim ? 'met' : 'MISSED'})`);
}

/** The logged-in customer's cookies as a browser that runs the page's scripts sends them (http/page-fill.ts). */
const WITH_SCRIPTS = 'sf_js=1';

/**
 * Every page type for a logged-in customer beside the same page for a Prospect, run back to back (the ratio is the
 * figure: the machine's speed moves between runs), then the account overview and the cart page with three lines
 * (logged in and as a guest) beside the Prospect's product page.
 */
async function customerAgainstProspect(productPath: string) {
  const session = `${await logInCookies('shopper@example.com')}; ${WITH_SCRIPTS}`;
  // shopper@ has W00005 among their favourites and has not bought it: its page is their segment's. D0001 they bought,
  // so its page, with their review form, is rendered for them alone (decision 036).
  const favourite = await (await fetch(`${BASE}/api/product/item/W00005`, { headers: { host: HOST } })).json();
  const pages: [string, string][] = [
    ['home', '/'],
    ['listing', '/wines?name=red-wine'],
    ['search', '/wines?Ntt=shiraz&Nty=1'],
    ['product', favourite.response.url as string],
    ['campaign', '/campaign?name=summer-reds'],
  ];
  let prospectProduct = 0;
  let prospectHome = 0;
  for (const [name, pagePath] of pages) {
    const prospect = await cannon(`${name} (Prospect)`, pagePath);
    const customer = await cannon(`${name} (logged in)`, pagePath, session);
    ratioLine(`${name}, logged in`, customer, prospect, 0.5);
    if (name === 'product') prospectProduct = prospect;
    if (name === 'home') prospectHome = prospect;
  }
  const bought = await cannon('product bought (own)', productPath, session);
  console.log(
    `  product of a wine they bought, rendered for them: ${(bought / prospectProduct).toFixed(2)} of the Prospect's`,
  );
  const account = await cannon('account overview', '/account', session);
  ratioLine('account overview', account, prospectHome, 0.5, "the Prospect's home page");
  const threeLines = FIVE_LINES.slice(0, 3);
  const guestCart = await makeCart(threeLines);
  const guest = await cannon('cart page (3, guest)', '/cart', guestCart);
  ratioLine('cart page, guest', guest, prospectProduct, 0.2, "the Prospect's product page");
  const customerCart = `${session}; ${await makeCart(threeLines, session)}`;
  const customer = await cannon('cart page (3, logged in)', '/cart', customerCart);
  ratioLine('cart page, logged in', customer, prospectProduct, 0.2, "the Prospect's product page");
}

/** The API, the personal APIs and the cart. */
async function personalPagesAndApi() {
  await cannon('product API', '/api/product/item/D0001');
  const session = await logInCookies('shopper@example.com');
  await cannon('user details API', '/api/user/details', session);
  await cannon('favourites list API', '/api/user/favourites/list', session);
  await cannon('recommendations API (mixed)', '/api/user/recommendations/list/mixed', session);
  const cartCookie = await makeCart(FIVE_LINES);
  await cannon('cart page (5 lines)', '/cart', cartCookie);
  await cannon('cart API list', '/api/cart/list', cartCookie);
  const voucherCartCookie = await applyVoucher(await makeCart(FIVE_LINES));
  await cannon('cart page (5 lines, voucher)', '/cart', voucherCartCookie);
  await cannonAddToCart();
  await cannonAddToCart({ voucher: true });
}

// The statements the server sends are counted, for add to cart's statements per add.
const server = await startServer(PORT, { countStatements: true });
try {
  const product = await (await fetch(`${BASE}/api/product/item/D0001`, { headers: { host: HOST } })).json();
  const productPath = product.response.url as string;
  console.log(
    `Bench: ${CONNECTIONS} connections, ${DURATION} s each, site ${HOST}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}${process.env.BENCH_TRACES ? `, traces sampled at ${process.env.BENCH_TRACES}` : ''}${process.env.METRICS_PORT ? ', metrics on' : ''}`,
  );
  // BENCH_ONLY=pages: the anonymous pages alone (a quick before/after of the page cache); =customer: every page type
  // logged in beside the Prospect's; =personal: the API, the cart and add to cart alone; =add: add to cart alone
  // (after a warm-up on carts of its own, BENCH_WARM_UP s, default 10); =lighthouse: Lighthouse alone; =ops: below.
  const only = process.env.BENCH_ONLY;
  // =ops: the operations' cost (metrics, traces): a logged-in customer's product page, rendered for them, and add to
  // cart, the two figures docs/benchmarks.md compares with METRICS_PORT and BENCH_TRACES set and unset.
  if (only === 'ops') {
    await cannon(
      'product (logged in, own)',
      productPath,
      `${await logInCookies('shopper@example.com')}; ${WITH_SCRIPTS}`,
    );
    await cannonAddToCart({ warmUp: true });
    await cannonAddToCart();
  }
  if (only === 'add') {
    await cannonAddToCart({ warmUp: true });
    await cannonAddToCart();
    await cannonAddToCart({ voucher: true });
  }
  if (!only || only === 'pages') {
    await cannon('home page', '/');
    await cannon('category page', '/wines?name=red-wine');
    await cannon('search page', '/wines?Ntt=shiraz&Nty=1');
    await productAgainstStatic(productPath);
  }
  if (!only || only === 'customer') await customerAgainstProspect(productPath);
  if (!only || only === 'personal') await personalPagesAndApi();
  if (!only || only === 'lighthouse') await lighthousePages(productPath);
} finally {
  server.kill('SIGTERM');
}

import { DEMO_PASSWORD, expect, gotoHydrated, siteRequest, test } from './support/fixtures';

// Hardening in the browser: the page runs under its Content-Security-Policy (any refused
// script would be a console error, which fails the test), and a pasted control character in a search
// gives the ordinary results page.

test('pages carry a Content-Security-Policy whose nonce every inline script has, and still hydrate', async ({
  page,
}) => {
  // The gift vouchers page is never a stored page (those allow their inline scripts by hash: page-cache.spec.ts).
  const res = await page.goto('/gift-vouchers');
  const csp = res?.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  const inline = await page
    .locator('script:not([src])')
    .evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
  expect(inline.length).toBeGreaterThan(0);
  for (const value of inline) expect(value).toBe(nonce);
  await gotoHydrated(page, '/gift-vouchers');
  expect(await page.evaluate(() => typeof (window as unknown as { pageData?: unknown }).pageData)).toBe('object');
});

test('a search with a pasted NUL character shows the results for the clean term', async ({ page }) => {
  const res = await page.goto('/wines?Ntt=shi%00raz&Nty=1');
  expect(res?.status()).toBe(200);
  expect(new URL(page.url()).searchParams.get('Ntt')).toBe('shiraz');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

// Every page type, as the server answers it to a logged-in customer: the page data names them, so no cache keeps it.
const PAGE_TYPES = [
  '/',
  '/wines',
  '/wines?name=red-wine',
  '/wines?Ntt=shiraz&Nty=1',
  '/product/D0001',
  '/cart',
  '/checkout',
  '/gift-vouchers',
  '/unlimited',
  '/campaign?name=summer-reds',
  '/contact-us',
  '/about-us',
  '/wedding-wine-calculator',
  '/account',
  '/account/purchased',
  '/registration',
];

test('every page type answers a logged-in customer with no-store; a Prospect’s page stays revalidated', {
  tag: '@db',
}, async () => {
  const login = await siteRequest(
    'law-au',
    '/api/authentication/login',
    '',
    'POST',
    JSON.stringify({ email: 'shopper@example.com', password: DEMO_PASSWORD }),
  );
  expect(login.status).toBe(200);
  const cookie = login.cookies.join('; ');
  const stored: string[] = [];
  for (const path of PAGE_TYPES) {
    let page = path;
    let res = await siteRequest('law-au', page, cookie);
    // A product's short link answers with its canonical address.
    if (res.status === 301 && res.location) {
      page = new URL(res.location, 'http://x').pathname;
      res = await siteRequest('law-au', page, cookie);
    }
    expect(res.status, path).toBeLessThan(400);
    if (res.status === 200) expect(res.body, path).toContain('shopper@example.com');
    if (res.headers['cache-control'] !== 'no-store')
      stored.push(`${path} → ${res.status} ${res.headers['cache-control']}`);
    // The same page's data as React Router's client asks for it on a navigation (`/_.data` for `/`).
    const url = new URL(page, 'http://x');
    url.pathname = url.pathname.endsWith('/') ? `${url.pathname}_.data` : `${url.pathname}.data`;
    const data = await siteRequest('law-au', url.pathname + url.search, cookie);
    expect(data.status, url.pathname).toBeLessThan(400);
    if (data.status === 200) expect(data.body, url.pathname).toContain('shopper@example.com');
    if (data.headers['cache-control'] !== 'no-store')
      stored.push(`${url.pathname} → ${data.status} ${data.headers['cache-control']}`);
  }
  expect(stored).toEqual([]);
  const prospect = await siteRequest('law-au', '/about-us');
  expect(prospect.headers['cache-control']).toBe('private, no-cache');
});

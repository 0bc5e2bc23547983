import { expect, gotoHydrated, test } from './support/fixtures';

// Hardening in the browser: the page runs under its Content-Security-Policy (any refused
// script would be a console error, which fails the test), and a pasted control character in a search
// gives the ordinary results page.

test('pages carry a Content-Security-Policy whose nonce every inline script has, and still hydrate', async ({
  page,
}) => {
  // The cart page is never a stored page (those allow their inline scripts by hash: page-cache.spec.ts).
  const res = await page.goto('/cart');
  const csp = res?.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  const inline = await page
    .locator('script:not([src])')
    .evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
  expect(inline.length).toBeGreaterThan(0);
  for (const value of inline) expect(value).toBe(nonce);
  await gotoHydrated(page, '/cart');
  expect(await page.evaluate(() => typeof (window as unknown as { pageData?: unknown }).pageData)).toBe('object');
});

test('a search with a pasted NUL character shows the results for the clean term', async ({ page }) => {
  const res = await page.goto('/wines?Ntt=shi%00raz&Nty=1');
  expect(res?.status()).toBe(200);
  expect(new URL(page.url()).searchParams.get('Ntt')).toBe('shiraz');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
